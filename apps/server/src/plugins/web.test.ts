import { contactMessageSchema, signUpSchema } from "@shop/shared";
import { domainErrorOf, httpStatusOf } from "@shop/shared/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILED } from "../modules/accounts/account-core.ts";
import { PASSWORD_ATTEMPTS } from "../modules/accounts/password-guard.ts";
import { REQUEST_LIMIT } from "../modules/accounts/session-service.ts";
import { CONTACT_LIMIT } from "../modules/contact/service.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import type { WebLoadContext } from "../web-context.ts";
import { SESSION_COOKIE } from "./auth.ts";
import { servePages } from "./web.ts";

/**
 * The page side of decision 089, with a stand-in for React Router: its "actions" call the services
 * through the load context, with its sender and its session, as the real ones do, and answer with
 * what they got, a refusal as the API words it.
 */
const ADMIN = { email: "owner@pages.test", password: "a long admin passphrase 1" };

/** What each stand-in page does with a posted form. */
const PAGES: Record<string, (fields: Record<string, string>, context: WebLoadContext) => Promise<unknown>> = {
  "/registration": async ({ email = "", password = "" }, { services, sender, session }) => {
    const started = await services.accounts.login(email, password, sender.userAgent, sender.address);
    await session.start(started);
    return { user: started.user };
  },
  "/sign-up": (fields, { services, sender }) => services.accounts.signUp(signUpSchema.parse(fields), sender.address),
  "/contact-us": (fields, { services, sender }) =>
    services.contact.receive(contactMessageSchema.parse(fields), sender.address),
  "/log-out": async (_fields, context) => {
    await context.session.end();
    return { signedIn: context.user };
  },
  "/details": async ({ firstName = "" }, context) => {
    const id = context.user?.id ?? "";
    await context.services.accounts.updateProfile(id, { firstName, lastName: "Owner", phone: null });
    const before = context.user?.firstName;
    await context.session.reload();
    return { before, after: context.user?.firstName };
  },
};

let shop: TestApp;
const seen: { method: string; url: string; fields: Record<string, string>; user: WebLoadContext["user"] }[] = [];
beforeAll(async () => {
  shop = await createTestApp({
    demoData: false,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: "http://shop.test" },
  });
  await servePages(
    shop.app,
    async (request, context) => {
      const fields = request.method === "POST" ? Object.fromEntries(new URLSearchParams(await request.text())) : {};
      const url = new URL(request.url);
      seen.push({ method: request.method, url: url.pathname + url.search, fields, user: context.user });
      const page = PAGES[url.pathname];
      if (request.method !== "POST" || !page)
        return new Response("<p>a page</p>", { headers: { "content-type": "text/html" } });
      try {
        return Response.json({ ok: true, status: 200, body: (await page(fields, context)) ?? null });
      } catch (error) {
        const refused = domainErrorOf(error);
        if (!refused) throw error;
        const { message, fields: named, code } = refused;
        return Response.json({ ok: false, status: httpStatusOf(refused), body: { message, fields: named, code } });
      }
    },
    { cache: false },
  );
});
afterAll(() => shop.close());

let addressCounter = 0;
const freshAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** A browser's form post without JavaScript: URL-encoded fields, from our own page. */
function postPage(
  url: string,
  fields: Record<string, string>,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return shop.app.inject({
    method: "POST",
    url,
    remoteAddress: options.ip ?? freshAddress(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://shop.test",
      "sec-fetch-site": "same-origin",
      ...options.headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

function postApi(url: string, payload: object, ip: string) {
  return shop.app.inject({ method: "POST", url, remoteAddress: ip, payload });
}

const message = { name: "Dana Buyer", email: "dana@example.com", message: "Do you ship THCA flower to Ohio?" };
const person = (n: number) => ({
  firstName: "Robin",
  lastName: "Hale",
  email: `robin${n}-${Date.now()}@buyer.test`,
  password: "maple syrup on sunday 7",
  dateOfBirth: "1992-04-09",
  acceptTerms: "on",
});

describe("pages that take a form", () => {
  it("hand a posted form to the page's handler, with who is signed in", async () => {
    const response = await postPage("/some-page?next=%2Faccount", { a: "1", b: "two words" });
    expect(response.statusCode).toBe(200);
    expect(seen.at(-1)).toEqual({
      method: "POST",
      url: "/some-page?next=%2Faccount",
      fields: { a: "1", b: "two words" },
      user: null,
    });
  });

  it("take URL-encoded fields only", async () => {
    const before = seen.length;
    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await postPage("/contact-us", {}, { headers: { "content-type": type } });
      expect(response.statusCode, type).toBe(415);
    }
    expect(seen.length).toBe(before);
  });

  it("take a multipart form only on the pages that take files: an order's and the wholesale account's", async () => {
    const boundary = "page-test-boundary";
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\napply\r\n--${boundary}--\r\n`;
    const headers = { "content-type": `multipart/form-data; boundary=${boundary}` };
    for (const url of ["/account/wholesale", "/account/wholesale.data", "/account/orders/SO-1001"]) {
      const before = seen.length;
      const response = await shop.app.inject({
        method: "POST",
        url,
        remoteAddress: freshAddress(),
        headers: { ...headers, origin: "http://shop.test", "sec-fetch-site": "same-origin" },
        payload: form,
      });
      expect(response.statusCode, url).toBeLessThan(400);
      expect(seen.length, url).toBe(before + 1);
    }
    const other = await postPage("/account/addresses", {}, { headers });
    expect(other.statusCode).toBe(415);
  });

  it.each([[{ origin: "https://evil.example" }], [{ "sec-fetch-site": "cross-site" }]])(
    "refuse a post from another site (%o) before any page code runs",
    async (headers) => {
      const before = seen.length;
      const response = await postPage("/contact-us", message, { headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("This request came from another website, so it was refused.");
      expect(seen.length).toBe(before);
    },
  );
});

describe("a page's change through the services", () => {
  it("logs in with the API's session cookie, set on the page's answer", async () => {
    const page = await postPage("/registration", ADMIN);
    const api = await postApi("/api/Auth/login", ADMIN, freshAddress());
    expect(page.json()).toMatchObject({ ok: true, body: { user: { email: ADMIN.email } } });
    const cookieOf = (response: typeof page) => {
      const cookies = response.cookies.filter((cookie) => cookie.name === SESSION_COOKIE);
      expect(cookies).toHaveLength(1);
      const { value, expires, ...attributes } = cookies[0] as { value: string; expires?: Date };
      expect(value.length).toBeGreaterThan(20);
      return { attributes, expiresIn: Math.round(((expires?.getTime() ?? 0) - Date.now()) / 60_000) };
    };
    expect(cookieOf(page)).toEqual(cookieOf(api));
    expect(cookieOf(page).attributes).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    // The new session works, and the page it came from now sees the user.
    const cookie = `${SESSION_COOKIE}=${page.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const me = await shop.app.inject({ url: "/api/Auth/me", headers: { cookie } });
    expect(me.json().user.email).toBe(ADMIN.email);
    await shop.app.inject({ url: "/registration", headers: { cookie } });
    expect(seen.at(-1)?.user?.email).toBe(ADMIN.email);
  });

  it("ends the session the login came with, and a stale cookie does not undo the new one", async () => {
    const first = await postPage("/registration", ADMIN);
    const old = `${SESSION_COOKIE}=${first.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const again = await postPage("/registration", ADMIN, { headers: { cookie: old } });
    expect((await shop.app.inject({ url: "/api/Auth/me", headers: { cookie: old } })).statusCode).toBe(401);

    const stale = await postPage("/registration", ADMIN, {
      headers: { cookie: `${SESSION_COOKIE}=${"x".repeat(43)}` },
    });
    for (const response of [again, stale]) {
      const set = response.cookies.filter((cookie) => cookie.name === SESSION_COOKIE);
      expect(set).toHaveLength(1);
      const cookie = `${SESSION_COOKIE}=${set[0]?.value}`;
      expect((await shop.app.inject({ url: "/api/Auth/me", headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it("logs out: the session ends and its cookie is cleared", async () => {
    const login = await postPage("/registration", ADMIN);
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const out = await postPage("/log-out", {}, { headers: { cookie } });
    // The page's loaders, which run after the action in the same request, see no one signed in.
    expect(out.json()).toEqual({ ok: true, status: 200, body: { signedIn: null } });
    const cleared = out.cookies.filter((c) => c.name === SESSION_COOKIE);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]?.value).toBe("");
    expect((await shop.app.inject({ url: "/api/Auth/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it("shows the page's loaders the account as an action changed it", async () => {
    const login = await postPage("/registration", ADMIN);
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const renamed = await postPage("/details", { firstName: "Morgan" }, { headers: { cookie } });
    expect(renamed.json().body).toEqual({ before: expect.not.stringMatching(/^Morgan$/), after: "Morgan" });
  });

  it("counts wrong passwords with the API's, by the page's sender", async () => {
    const ip = freshAddress();
    const wrong = { email: ADMIN.email, password: "not the password" };
    for (let i = 0; i < PASSWORD_ATTEMPTS.max; i++) {
      const via =
        i % 2 === 0 ? (await postPage("/registration", wrong, { ip })).json() : await postApiAnswer(wrong, ip);
      expect(via.status).toBe(401);
      expect(via.body.message).toBe(LOGIN_FAILED);
    }
    // The account refuses this address now, from the page and from the API alike; others get through.
    const page = (await postPage("/registration", ADMIN, { ip })).json();
    expect(page).toMatchObject({ ok: false, status: 429, body: { code: "too_many_attempts" } });
    expect((await postApi("/api/Auth/login", ADMIN, ip)).statusCode).toBe(429);
    expect((await postPage("/registration", ADMIN)).json().status).toBe(200);
  });

  it("counts sign-ups with the API's, per sender", async () => {
    const ip = freshAddress();
    for (let i = 0; i < REQUEST_LIMIT.max; i++) {
      const response =
        i % 2 === 0 ? (await postPage("/sign-up", person(i), { ip })).json() : await postApiSignUp(person(i), ip);
      expect(response.status, `sign-up ${i + 1}`).toBe(i % 2 === 0 ? 200 : 201);
    }
    expect((await postPage("/sign-up", person(98), { ip })).json()).toMatchObject({
      ok: false,
      status: 429,
      body: { message: "Too many attempts. Please wait 15 minutes and try again." },
    });
    expect((await postApiSignUp(person(99), ip)).status).toBe(429);
    expect((await postPage("/sign-up", person(100))).json().status).toBe(200);
  });

  it("counts contact messages with the API's, per sender", async () => {
    const ip = freshAddress();
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      const status =
        i % 2 === 0
          ? (await postPage("/contact-us", message, { ip })).json().status
          : (await postApi("/api/contact", message, ip)).statusCode;
      expect(status, `message ${i + 1}`).toBe(i % 2 === 0 ? 200 : 201);
    }
    const page = (await postPage("/contact-us", message, { ip })).json();
    expect(page).toMatchObject({ ok: false, status: 429 });
    expect(page.body.message).toMatch(/^Too many requests from your address\. Please try again in \d+ minutes\.$/);
    expect((await postApi("/api/contact", message, ip)).statusCode).toBe(429);
    expect((await postPage("/contact-us", message)).json().status).toBe(200);
  });
});

async function postApiAnswer(values: object, ip: string) {
  const response = await postApi("/api/Auth/login", values, ip);
  return { status: response.statusCode, body: response.json() };
}

async function postApiSignUp(values: object, ip: string) {
  const response = await postApi("/api/User", values, ip);
  return { status: response.statusCode, body: response.json() };
}
