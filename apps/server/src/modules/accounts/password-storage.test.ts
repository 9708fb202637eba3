import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, signUpFields, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * Password storage at the production cost. The rest of the suite hashes at the smallest cost
 * (PASSWORD_HASH_COST=test-low, which only NODE_ENV=test may set: config.test.ts); this file
 * asks for the cost the shop runs with everywhere else.
 */

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({
    demoData: false,
    env: { ...TEST_ADMIN_ENV, PASSWORD_HASH_COST: "owasp" },
  });
});
afterAll(async () => {
  await shop.close();
});

const storedHash = (email: string) =>
  shop.app.db.kysely
    .selectFrom("users")
    .select("password_hash")
    .where("email", "=", email)
    .executeTakeFirstOrThrow()
    .then((row) => row.password_hash);

describe("password storage", () => {
  it("stores argon2id with m=19456, t=2, p=1", async () => {
    const buyer = { email: "jamie@buyer.test", password: "plum tree at dawn 42" };
    const signUp = await shop.app.inject({
      method: "POST",
      url: "/api/User",
      ...multipart(signUpFields({ firstName: "Jamie", lastName: "Rivera", ...buyer, phone: "(555) 123-4567" })),
    });
    expect(signUp.statusCode).toBe(201);
    for (const { email, password } of [buyer, TEST_ADMIN]) {
      const hash = await storedHash(email);
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(hash).not.toContain(password);
    }
    // The first Owner, hashed at start-up from ADMIN_PASSWORD, logs in with it.
    const login = await shop.app.inject({ method: "POST", url: "/api/Auth/login", payload: TEST_ADMIN });
    expect(login.statusCode).toBe(200);
  });
});
