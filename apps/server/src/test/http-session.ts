import type { App } from "../app-type.ts";

/**
 * Has the app listen on 127.0.0.1 at the port it was configured with (startBenchApp chooses a
 * free one) and signs the account in over HTTP, as a browser does (for the benches): the shop's
 * address and the session cookie.
 */
export async function listenSignedIn(
  app: App,
  account: { email: string; password: string },
): Promise<{ base: string; cookie: string }> {
  // On the port the shop was configured with: changes come from its own origin only (decision 082).
  await app.listen({ port: app.config.port, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${app.config.port}`;
  const login = await fetch(`${base}/api/Auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`signing ${account.email} in: HTTP ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { base, cookie };
}
