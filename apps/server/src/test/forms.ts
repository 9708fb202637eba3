import type { ComplianceRuleInput } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { testRuleInput } from "@shop/shared/test-fixtures";
import type { App } from "../app-type.ts";

/** A file part of a multipart form. */
export interface FilePart {
  file: Buffer;
  filename?: string;
  type?: string;
}
export type FormValue = string | FilePart;

/**
 * A multipart/form-data body for app.inject; a field given a list is sent once per item. With a
 * cookie, the form is sent signed in as that session.
 */
export function multipart(fields: Record<string, FormValue | FormValue[]>, cookie?: string | null) {
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
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  };
}

/** A form's fields with the overrides applied; an override of undefined leaves its field out. */
export function formFields(
  defaults: Record<string, FormValue>,
  overrides: Record<string, FormValue | undefined>,
): Record<string, FormValue> {
  return Object.fromEntries(
    Object.entries({ ...defaults, ...overrides }).filter(
      (entry): entry is [string, FormValue] => entry[1] !== undefined,
    ),
  );
}

/** The day `days` before today, as date fields take it (YYYY-MM-DD, UTC). */
export function daysAgo(days: number): string {
  return addDays(dayOf(new Date()), -days);
}

/** Alabama's state-wide kratom ban as staff would enter it, checked against its source ten days ago. */
export const KRATOM_ALABAMA: ComplianceRuleInput = testRuleInput({
  jurisdiction: { level: "state", country: "US", state: "AL" },
  regulatoryClass: "KRATOM",
  effect: "ban",
  effectiveFrom: "2016-05-10",
  sourceUrl: "https://www.alabamapublichealth.gov/",
  lastCheckedOn: daysAgo(10),
  notes: "Kratom is a controlled substance in Alabama.",
  isExample: false,
});

/** The prices and pack sizes of a product as staff type them into its form: one piece a pack, ten packs a box. */
export const PRODUCT_FORM_PRICES = {
  Price: "24.99",
  DistroPrice: "11.5",
  SellingPricePCS: "19.99",
  SellingPriceBox: "179",
  PcsPerPack: "1",
  PackPerBox: "10",
};

/**
 * A lab result that uploads: a lot of the product tested a week ago by an accredited lab, passing
 * pesticides, with `pdf` as its report; the overrides replace fields, add them, or (undefined)
 * leave them out.
 */
export function coaFormFields(
  productId: string,
  pdf: Buffer,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue> {
  return formFields(
    {
      productId,
      lotNumber: "test-lot-1",
      labName: "Test Lab",
      labAccreditation: "ISO/IEC 17025:2017",
      labCertificateNumber: "T-1",
      sampleDate: daysAgo(7),
      testDate: daysAgo(5),
      reportDate: daysAgo(1),
      pesticides: "passed",
      pdf: { file: pdf, filename: "report.pdf", type: "application/pdf" },
    },
    overrides,
  );
}

/**
 * What a buyer of age types into the sign-up form: the person's name and e-mail, the shared test
 * password and date of birth, the terms accepted; any field given replaces the default.
 */
export function signUpFields<Person extends { firstName: string; lastName: string; email: string }>(person: Person) {
  return { password: "plum tree at dawn 42", dateOfBirth: "1990-05-17", acceptTerms: "true", ...person };
}

/** A sign-up through the API (a JSON body) of a buyer of age: `signUpFields` of the person. */
export function signUp(app: App, person: { firstName: string; lastName: string; email: string }) {
  return app.inject({ method: "POST", url: "/api/User", payload: signUpFields(person) });
}

/** The session cookie of a login, as a Cookie header value. */
export async function loginCookie(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/Auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
  return `session=${response.cookies.find((c) => c.name === "session")?.value}`;
}

/**
 * An account made directly in the database as a copy of the first Owner (it shares that
 * password), verified, with the role and date of birth given: for tests about what an account may
 * do, not about signing up.
 */
export async function addAccount(
  app: App,
  admin: { email: string },
  account: {
    id: string;
    email: string;
    role?: "customer" | "staff" | "manager";
    dateOfBirth?: string | null;
    lastName?: string;
  },
): Promise<void> {
  const db = app.db.kysely;
  const row = await db.selectFrom("users").selectAll().where("email", "=", admin.email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    .values({
      ...row,
      id: account.id,
      email: account.email,
      role: account.role ?? "customer",
      date_of_birth: account.dateOfBirth === undefined ? row.date_of_birth : account.dateOfBirth,
      last_name: account.lastName ?? row.last_name,
      email_verified_at: now,
      created_at: now,
    })
    .execute();
}

/** Signed-in accounts of every role (addAccount's, sharing the first Owner's password). */
export async function sessionsOfEveryRole(app: App, admin: { email: string; password: string }) {
  for (const role of ["customer", "staff", "manager"] as const) {
    await addAccount(app, admin, { id: `user-${role}`, email: `${role}@shop.test`, role });
  }
  return {
    customer: await loginCookie(app, "customer@shop.test", admin.password),
    staff: await loginCookie(app, "staff@shop.test", admin.password),
    manager: await loginCookie(app, "manager@shop.test", admin.password),
    owner: await loginCookie(app, admin.email, admin.password),
  };
}

export type Sessions = Awaited<ReturnType<typeof sessionsOfEveryRole>>;

/** The first Owner of the test shops that staff tests sign in to. */
export const TEST_ADMIN = { email: "owner@shop.test", password: "a long admin passphrase 1" };
/** The settings that make TEST_ADMIN a test shop's first Owner. */
export const TEST_ADMIN_ENV = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
