import { type APIRequestContext, type Cookie, expect, type Page, request } from "@playwright/test";
import { linkInMail } from "./mailbox.ts";

/** The test shop's first Owner (passed to the server by playwright.config.ts). */
export const ADMIN = { email: "owner@e2e.test", password: "e2e owner passphrase 1" };

/** The Owner's session cookie, signed in once per worker and shop (each test's context takes a copy). */
const ownerCookies = new Map<string, Promise<Cookie[]>>();

async function signInOwner(baseURL: string): Promise<Cookie[]> {
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post("/api/Auth/login", {
      headers: { Origin: baseURL },
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await context.storageState()).cookies;
  } finally {
    await context.dispose();
  }
}

/**
 * Hands the worker's Owner session to `take`, which answers whether it still holds: signing someone
 * else in from a context that holds it ends it (a login ends the session it came with), so when it
 * has ended the Owner signs in again, once.
 */
async function withOwnerSession(origin: string, take: (cookies: Cookie[]) => Promise<boolean>): Promise<void> {
  for (const fresh of [false, true]) {
    let cookies = ownerCookies.get(origin);
    if (!cookies || fresh) {
      cookies = signInOwner(origin);
      ownerCookies.set(origin, cookies);
      cookies.catch(() => ownerCookies.delete(origin));
    }
    if (await take(await cookies)) return;
  }
  throw new Error("the Owner's new session was refused at once");
}

/**
 * Signs the page's browser context in as the test shop's Owner: the session of one sign-in per
 * worker, shared by its tests.
 */
export async function logInAsAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  await withOwnerSession(baseURL ?? "", async (cookies) => {
    await page.context().addCookies(cookies);
    return (await page.request.get("/api/Auth/me")).ok();
  });
}

/**
 * Runs `work` with an API context of its own signed in as the Owner (the worker's session), for
 * staff calls that must not change who the test's page or request is signed in as; the context is
 * closed afterwards.
 */
export async function asOwner<T>(
  baseURL: string | undefined,
  work: (owner: APIRequestContext) => Promise<T>,
): Promise<T> {
  const origin = baseURL ?? "";
  let owner: APIRequestContext | undefined;
  try {
    await withOwnerSession(origin, async (cookies) => {
      await owner?.dispose();
      owner = await request.newContext({
        baseURL: origin,
        extraHTTPHeaders: { Origin: origin },
        storageState: { cookies, origins: [] },
      });
      return (await owner.get("/api/Auth/me")).ok();
    });
    if (!owner) throw new Error("no Owner session");
    return await work(owner);
  } finally {
    await owner?.dispose();
  }
}

/** The password of the buyers `verifiedBuyer` makes. */
export const BUYER_PASSWORD = "maple syrup on sunday 7";

/**
 * A buyer who signed up through the API, as the sign-up page does, and verified the address
 * through the link in the mail; signed in on `request` too when `signIn` is set. The e-mail is
 * new each time and starts with `prefix`.
 */
export async function verifiedBuyer(
  request: APIRequestContext,
  origin: string,
  { prefix, signIn = false, dateOfBirth = "1990-05-17" }: { prefix: string; signIn?: boolean; dateOfBirth?: string },
): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@buyer.test`;
  const headers = { Origin: origin };
  const signUp = await request.post("/api/User", {
    headers,
    data: { firstName: "Robin", lastName: "Hale", email, password: BUYER_PASSWORD, dateOfBirth, acceptTerms: true },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = new URL(await linkInMail(email, "/verify-email"), origin).searchParams.get("token");
  expect((await request.post("/api/Auth/verify-email", { headers, data: { token } })).status()).toBe(200);
  if (signIn) {
    const login = await request.post("/api/Auth/login", { headers, data: { email, password: BUYER_PASSWORD } });
    expect(login.status()).toBe(200);
  }
  return email;
}

/** The password of the staff members `signInAsNewStaff` makes. */
export const STAFF_PASSWORD = "staff member passphrase 9";

/**
 * A new staff member of this role, invited by the Owner through `owner` (an API context signed in
 * as the Owner), who chooses a password from the invitation's link; `page` is signed in as them.
 */
export async function signInAsNewStaff(
  page: Page,
  owner: APIRequestContext,
  origin: string,
  { role, firstName }: { role: "staff" | "manager" | "owner"; firstName: string },
): Promise<{ email: string; name: string }> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@staff.test`;
  const created = await owner.post("/api/staff", {
    headers: { Origin: origin },
    data: { firstName, lastName: "Tester", email, role },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = new URL(await linkInMail(email, "/reset-password"), origin).searchParams.get("token");
  const headers = { Origin: origin };
  const chosen = await page.request.post("/api/Auth/reset-password", {
    headers,
    data: { token, password: STAFF_PASSWORD },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const login = await page.request.post("/api/Auth/login", { headers, data: { email, password: STAFF_PASSWORD } });
  expect(login.status()).toBe(200);
  return { email, name: `${firstName} Tester` };
}
