import type { App } from "../app.ts";

/** A file part of a multipart form. */
export interface FilePart {
  file: Buffer;
  filename?: string;
  type?: string;
}
export type FormValue = string | FilePart;

/** A multipart/form-data body for app.inject; a field given a list is sent once per item. */
export function multipart(fields: Record<string, FormValue | FormValue[]>) {
  const boundary = "----shop-test-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const part of [value].flat()) {
      if (typeof part === "string") {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`));
        continue;
      }
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename ?? "file"}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`;
      chunks.push(Buffer.from(head), part.file, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The session cookie of a login, as a Cookie header value. */
export async function loginCookie(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/Auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
  return `session=${response.cookies.find((c) => c.name === "session")?.value}`;
}

/**
 * Signed-in accounts of every role, made directly in the database from the first super admin
 * (they share its password): for tests about who may do what, not about signing up.
 */
export async function sessionsOfEveryRole(app: App, admin: { email: string; password: string }) {
  const row = await app.db.kysely
    .selectFrom("users")
    .selectAll()
    .where("email", "=", admin.email)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (const role of ["customer", "staff"] as const) {
    await app.db.kysely
      .insertInto("users")
      .values({ ...row, id: `user-${role}`, email: `${role}@shop.test`, role, created_at: now })
      .execute();
  }
  return {
    customer: await loginCookie(app, "customer@shop.test", admin.password),
    staff: await loginCookie(app, "staff@shop.test", admin.password),
    super_admin: await loginCookie(app, admin.email, admin.password),
  };
}
