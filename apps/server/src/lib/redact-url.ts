/** Query parameters whose values are secrets: link tokens, passwords, keys, codes, signatures. */
const SECRET_PARAMETER = /token|password|passwd|secret|key|code|sig|auth|session/i;

/**
 * A URL fit for a log line: the values of secret-bearing query parameters become "[redacted]"
 * (a reset link's token would otherwise sit in every request log).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const parts = url
    .slice(queryAt + 1)
    .split("&")
    .map((part) => {
      const equals = part.indexOf("=");
      const name = equals === -1 ? part : part.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll("+", " "));
      } catch {
        // A name that does not decode is judged as it is written.
      }
      return equals !== -1 && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, queryAt)}?${parts.join("&")}`;
}
