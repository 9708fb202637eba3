import type { App } from "../app.ts";

/**
 * Has the app listen on a free port of 127.0.0.1 and signs the account in over HTTP, as a browser
 * does (for the benches): the shop's address and the session cookie (empty when the login fails).
 */
export async function listenSignedIn(
  app: App,
  account: { email: string; password: string },
): Promise<{ base: string; cookie: string }> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/Auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { base, cookie };
}
