import type { ComplianceImportResult, ComplianceRuleInput, ComplianceRuleItem, ComplianceRuleList } from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysAgo, KRATOM_ALABAMA, type Sessions, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { createShopWithSessions, createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let sessions: Sessions;

const send = (method: "POST" | "PUT" | "GET", url: string, payload?: unknown, cookie = sessions.manager) =>
  shop.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function create(input: ComplianceRuleInput): Promise<ComplianceRuleItem> {
  const response = await send("POST", "/api/admin/compliance/rules", input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(query = ""): Promise<ComplianceRuleList> {
  const response = await send("GET", `/api/admin/compliance/rules?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ruleCount = () => shop.rowCount("compliance_rules");
const versionCount = () => shop.rowCount("compliance_rule_versions");

beforeAll(async () => {
  ({ shop, cookies: sessions } = await createShopWithSessions({ demoData: false }));
});
afterAll(() => shop.close());

describe("access", () => {
  const routes = () => shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/compliance"));

  it("declares every compliance route for Managers and Owners", () => {
    expect(routes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/compliance/rules",
        "GET /api/admin/compliance/rules.csv",
        "POST /api/admin/compliance/rules/import",
        "GET /api/admin/compliance/rules/:id",
        "GET /api/admin/compliance/rules/:id/versions",
        "POST /api/admin/compliance/rules",
        "PUT /api/admin/compliance/rules/:id",
      ]),
    );
    for (const route of routes()) expect(route.access, route.url).toBe("manager");
  });

  it("refuses anonymous callers (401) and customers (403), and writes nothing", async () => {
    const rule = await create({ ...KRATOM_ALABAMA, notes: "access test" });
    const before = await versionCount();
    const calls: [method: "GET" | "POST" | "PUT", url: string, body?: unknown][] = [
      ["GET", "/api/admin/compliance/rules"],
      ["GET", "/api/admin/compliance/rules.csv"],
      ["GET", `/api/admin/compliance/rules/${rule.id}`],
      ["GET", `/api/admin/compliance/rules/${rule.id}/versions`],
      ["POST", "/api/admin/compliance/rules", KRATOM_ALABAMA],
      ["PUT", `/api/admin/compliance/rules/${rule.id}`, { ...KRATOM_ALABAMA, minAge: 30 }],
      ["POST", "/api/admin/compliance/rules/import", { csv: "level\r\n", preview: false }],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await send(method, url, body, "");
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const customer = await send(method, url, body, sessions.customer);
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json().message).toBe("Your account may not do this.");
    }
    expect(await versionCount()).toBe(before);
    expect((await send("GET", `/api/admin/compliance/rules/${rule.id}`)).json().minAge).toBeNull();
  });
});

describe("rules and their versions", () => {
  it("creates a rule at version 1 and keeps that version whole with who made it", async () => {
    const rule = await create(KRATOM_ALABAMA);
    expect(rule).toMatchObject({ ...KRATOM_ALABAMA, version: 1, stale: false });
    const versions = await send("GET", `/api/admin/compliance/rules/${rule.id}/versions`);
    expect(versions.json()).toEqual([
      { version: 1, rule: KRATOM_ALABAMA, changedBy: expect.any(String), changedAt: rule.createdAt },
    ]);
    const row = await shop.app.db.kysely
      .selectFrom("compliance_rule_versions")
      .selectAll()
      .where("rule_id", "=", rule.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.rule_json)).toEqual(KRATOM_ALABAMA);
    expect(row.actor_id).toBe(
      (
        await shop.app.db.kysely
          .selectFrom("users")
          .select("id")
          .where("email", "=", "manager@shop.test")
          .executeTakeFirstOrThrow()
      ).id,
    );
  });

  it("a change makes the next version; the same fields again change nothing; an unknown id is 404", async () => {
    const rule = await create(KRATOM_ALABAMA);
    const changed = await send("PUT", `/api/admin/compliance/rules/${rule.id}`, { ...KRATOM_ALABAMA, minAge: 21 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: rule.id, version: 2, minAge: 21 });
    const again = await send("PUT", `/api/admin/compliance/rules/${rule.id}`, { ...KRATOM_ALABAMA, minAge: 21 });
    expect(again.json().version).toBe(2);
    const third = await send("PUT", `/api/admin/compliance/rules/${rule.id}`, {
      ...KRATOM_ALABAMA,
      minAge: 21,
      effectiveTo: "2030-12-31",
    });
    expect(third.json().version).toBe(3);
    const versions = (await send("GET", `/api/admin/compliance/rules/${rule.id}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[2].rule.minAge).toBeNull();
    expect(versions[1].rule.minAge).toBe(21);
    expect(versions[0].rule.effectiveTo).toBe("2030-12-31");

    const unknown = await send("PUT", "/api/admin/compliance/rules/no-such-rule", KRATOM_ALABAMA);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("There is no compliance rule with the id no-such-rule.");
    expect((await send("GET", "/api/admin/compliance/rules/no-such-rule")).statusCode).toBe(404);
  });

  it("keeps whether a ban spares licensed businesses in the rule and its versions, and in the CSV", async () => {
    const rule = await create({ ...KRATOM_ALABAMA, exceptLicensed: true });
    expect(rule.exceptLicensed).toBe(true);
    const versions = (await send("GET", `/api/admin/compliance/rules/${rule.id}/versions`)).json();
    expect(versions[0].rule).toEqual({ ...KRATOM_ALABAMA, exceptLicensed: true });
    const changed = await send("PUT", `/api/admin/compliance/rules/${rule.id}`, KRATOM_ALABAMA);
    expect(changed.json()).toMatchObject({ version: 2, exceptLicensed: false });
    const wrong = await send("PUT", `/api/admin/compliance/rules/${rule.id}`, {
      ...KRATOM_ALABAMA,
      exceptLicensed: "yes",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ exceptLicensed: "must be true or false" });
    const csv = (await send("GET", "/api/admin/compliance/rules.csv")).body;
    expect(csv.split("\r\n")[0]).toContain(",notes,except_licensed,is_example,");
  });

  it("has no way to delete a rule", async () => {
    const rule = await create(KRATOM_ALABAMA);
    const response = await shop.app.inject({
      method: "DELETE",
      url: `/api/admin/compliance/rules/${rule.id}`,
      headers: { cookie: sessions.owner },
    });
    expect(response.statusCode).toBe(404);
    expect((await send("GET", `/api/admin/compliance/rules/${rule.id}`)).statusCode).toBe(200);
  });

  it("refuses bad fields in words, beside the field, and writes nothing", async () => {
    const rules = await ruleCount();
    const versions = await versionCount();
    const badZip = await send("POST", "/api/admin/compliance/rules", {
      ...KRATOM_ALABAMA,
      jurisdiction: { level: "zip_set", country: "US", state: "FL", name: "Sarasota", zips: ["34230", "3423"] },
    });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().fields).toEqual({ "jurisdiction.zips.1": "must be 5-digit ZIP codes" });
    const backwards = await send("POST", "/api/admin/compliance/rules", {
      ...KRATOM_ALABAMA,
      effectiveFrom: "2026-05-01",
      effectiveTo: "2026-04-30",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ effectiveTo: "The end date cannot be before the start date." });
    const rule = await create(KRATOM_ALABAMA);
    const badUpdate = await send("PUT", `/api/admin/compliance/rules/${rule.id}`, {
      ...KRATOM_ALABAMA,
      minAge: 17.5,
      sourceUrl: "javascript:alert(1)",
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().fields).toEqual({
      minAge: "must be a whole number of years",
      sourceUrl: "Please enter the source's web address (http or https).",
    });
    expect(await ruleCount()).toBe(rules + 1);
    expect(await versionCount()).toBe(versions + 1);
    expect((await send("GET", `/api/admin/compliance/rules/${rule.id}`)).json().version).toBe(1);
  });
});

describe("the list", () => {
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    await shop.app.db.kysely.deleteFrom("compliance_rule_versions").execute();
    await shop.app.db.kysely.deleteFrom("compliance_rules").execute();
    ids = {
      federal: (
        await create({
          ...KRATOM_ALABAMA,
          jurisdiction: { level: "country", country: "US" },
          regulatoryClass: "ENDS",
          effect: "restrict",
          minAge: 21,
          requirements: ["adult_signature_21", "no_po_box"],
          sourceUrl: "https://www.fda.gov/",
          notes: "Tobacco 21",
          lastCheckedOn: daysAgo(89),
        })
      ).id,
      alabama: (await create({ ...KRATOM_ALABAMA, lastCheckedOn: daysAgo(90) })).id,
      denver: (
        await create({
          ...KRATOM_ALABAMA,
          jurisdiction: { level: "locality", country: "US", state: "CO", locality: "Denver" },
          effect: "restrict",
          minAge: 21,
          notes: "City ordinance",
        })
      ).id,
      flavour: (
        await create({
          ...KRATOM_ALABAMA,
          jurisdiction: { level: "state", country: "US", state: "MA" },
          regulatoryClass: "FLAVORED",
          condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" },
          sourceUrl: "https://www.mass.gov/",
          notes: "100% flavour ban",
          lastCheckedOn: daysAgo(400),
        })
      ).id,
    };
  });

  const listed = async (query: string) => (await list(query)).items.map((item) => item.id);

  it("filters by state, class, effect, staleness and words in the source or notes", async () => {
    expect((await list("")).total).toBe(4);
    expect(await listed("state=AL")).toEqual([ids.alabama]);
    expect(await listed("state=CO")).toEqual([ids.denver]);
    expect(await listed("class=FLAVORED")).toEqual([ids.flavour]);
    expect((await listed("effect=restrict")).sort()).toEqual([ids.federal, ids.denver].sort());
    expect((await listed("stale=true")).sort()).toEqual([ids.alabama, ids.flavour].sort());
    expect((await listed("stale=false")).sort()).toEqual([ids.federal, ids.denver].sort());
    expect(await listed("q=fda.gov")).toEqual([ids.federal]);
    expect(await listed("q=ORDINANCE")).toEqual([ids.denver]);
    expect(await listed("q=100%25")).toEqual([ids.flavour]);
    expect(await listed("state=AL&class=KRATOM&effect=ban&stale=true")).toEqual([ids.alabama]);
    expect(await listed("state=AL&effect=allow")).toEqual([]);
  });

  it("marks a rule stale once 90 days have passed since its last check (89 days is not)", async () => {
    const items = new Map((await list("")).items.map((item) => [item.id, item]));
    expect(items.get(ids.federal as string)?.stale).toBe(false);
    expect(items.get(ids.alabama as string)?.stale).toBe(true);
    const overview = await send("GET", "/api/admin/overview");
    expect(overview.json().staleRules).toBe(2);
  });

  it("refuses unknown filters in words", async () => {
    const response = await send("GET", "/api/admin/compliance/rules?state=ZZ&stale=maybe&effect=forbid");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      state: "Please choose a state.",
      stale: "must be true or false",
      effect: "must be allow, ban or restrict",
    });
  });

  it("exports every rule as CSV with the import's columns, quoted, with formulas defused", async () => {
    await send("PUT", `/api/admin/compliance/rules/${ids.denver}`, {
      ...KRATOM_ALABAMA,
      jurisdiction: { level: "locality", country: "US", state: "CO", locality: "Denver" },
      effect: "restrict",
      minAge: 21,
      notes: '=HYPERLINK("http://evil.test","click"), then "more"',
    });
    const response = await send("GET", "/api/admin/compliance/rules.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="compliance-rules-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click""), then ""more"""`);
    const [header, ...rows] = parseCsv(response.body).map((row) => row.cells);
    expect(header?.slice(0, 4)).toEqual(["id", "version", "level", "country"]);
    expect(rows).toHaveLength(4);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const denver = rows.find((row) => row[0] === ids.denver) as string[];
    expect(denver[col("version")]).toBe("2");
    expect(denver[col("locality")]).toBe("Denver");
    expect(denver[col("notes")]).toBe('=HYPERLINK("http://evil.test","click"), then "more"');
    const federal = rows.find((row) => row[0] === ids.federal) as string[];
    expect(federal[col("requirements")]).toBe("adult_signature_21 no_po_box");
    expect(federal[col("min_age")]).toBe("21");
    expect(federal[col("state")]).toBe("");
    const flavour = rows.find((row) => row[0] === ids.flavour) as string[];
    expect([
      flavour[col("condition_attribute")],
      flavour[col("condition_operator")],
      flavour[col("condition_value")],
    ]).toEqual(["flavour", "is_not", "Tobacco"]);
    expect(flavour[col("stale")]).toBe("yes");
  });
});

describe("CSV import", () => {
  const importCsv = (csv: string, preview: boolean) =>
    send("POST", "/api/admin/compliance/rules/import", { csv, preview });
  const exported = async () => (await send("GET", "/api/admin/compliance/rules.csv")).body;

  it("reads its own export back as unchanged", async () => {
    const response = await importCsv(await exported(), true);
    expect(response.statusCode, response.body).toBe(200);
    const result: ComplianceImportResult = response.json();
    expect(result.counts).toEqual({ create: 0, update: 0, unchanged: 4, error: 0 });
  });

  /** The export with its second rule's cells changed, a new rule and a bad row added. */
  async function edited() {
    const rows = parseCsv(await exported()).map((row) => row.cells);
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const changed = [...(rows[2] as string[])];
    changed[col("min_age")] = "25";
    changed[col("notes")] = "Checked again";
    const created = [...(rows[2] as string[])];
    created[col("id")] = "";
    created[col("level")] = "zip_set";
    created[col("state")] = "FL";
    created[col("locality")] = "";
    created[col("zip_set_name")] = "Town of Example";
    created[col("zips")] = "34230 34231";
    const bad = [...(rows[2] as string[])];
    bad[col("id")] = "";
    bad[col("level")] = "zip_set";
    bad[col("state")] = "FL";
    bad[col("locality")] = "";
    bad[col("zip_set_name")] = "Town of Typos";
    bad[col("zips")] = "34230 3423";
    bad[col("min_age")] = "twenty";
    const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");
    const unchangedRows = rows.slice(1).filter((_, index) => index !== 1);
    return {
      id: changed[0] as string,
      good: [header, ...unchangedRows, changed, created].map(line).join("\r\n"),
      withBad: [header, ...unchangedRows, changed, created, bad].map(line).join("\n"),
    };
  }

  it("previews what each row would do, with each problem in words and its row number, and writes nothing", async () => {
    const { id, withBad } = await edited();
    const before = { rules: await ruleCount(), versions: await versionCount() };
    const response = await importCsv(withBad, true);
    expect(response.statusCode, response.body).toBe(200);
    const result: ComplianceImportResult = response.json();
    expect(result.applied).toBe(false);
    expect(result.counts).toEqual({ create: 1, update: 1, unchanged: 3, error: 1 });
    expect(result.rows.find((row) => row.action === "update")).toMatchObject({
      row: 5,
      id,
      changes: ["min_age", "notes"],
      problems: [],
    });
    expect(result.rows.find((row) => row.action === "create")).toMatchObject({
      row: 6,
      id: null,
      summary: "Kratom: ban in Town of Example (2 ZIP codes), Florida",
    });
    expect(result.rows.find((row) => row.action === "error")).toMatchObject({
      row: 7,
      summary: "KRATOM, ban, FL",
      problems: [
        { column: "zips", message: 'must be 5-digit ZIP codes ("3423" is not)' },
        { column: "min_age", message: "must be a whole number of years" },
      ],
    });
    expect({ rules: await ruleCount(), versions: await versionCount() }).toEqual(before);
  });

  it("applies nothing when any row is bad, and says why", async () => {
    const { withBad } = await edited();
    const before = { rules: await ruleCount(), versions: await versionCount() };
    const response = await importCsv(withBad, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Nothing was imported: 1 row has problems (row 7: zips must be 5-digit ZIP codes ("3423" is not); min_age must be a whole number of years). Preview the file to see every problem.',
    );
    expect({ rules: await ruleCount(), versions: await versionCount() }).toEqual(before);
  });

  it("applies every good row in one go: a new rule at version 1, a changed one at its next version", async () => {
    const { id, good } = await edited();
    const before = { rules: await ruleCount(), versions: await versionCount() };
    const oldVersion = (await send("GET", `/api/admin/compliance/rules/${id}`)).json().version as number;
    const response = await importCsv(good, false);
    expect(response.statusCode, response.body).toBe(200);
    const result: ComplianceImportResult = response.json();
    expect(result.applied).toBe(true);
    expect(result.counts).toEqual({ create: 1, update: 1, unchanged: 3, error: 0 });
    expect({ rules: await ruleCount(), versions: await versionCount() }).toEqual({
      rules: before.rules + 1,
      versions: before.versions + 2,
    });
    const updated = (await send("GET", `/api/admin/compliance/rules/${id}`)).json();
    expect(updated).toMatchObject({ version: oldVersion + 1, minAge: 25, notes: "Checked again" });
    const createdId = result.rows.find((row) => row.action === "create")?.id as string;
    const created = (await send("GET", `/api/admin/compliance/rules/${createdId}`)).json();
    expect(created).toMatchObject({
      version: 1,
      jurisdiction: { level: "zip_set", state: "FL", name: "Town of Example", zips: ["34230", "34231"] },
    });
    // Once more: everything is now unchanged.
    expect((await importCsv(good, true)).json().counts).toMatchObject({ create: 1, update: 0, unchanged: 4 });
  });

  it("refuses a file it cannot read, with the reason", async () => {
    const noColumns = await importCsv("level,state\r\nstate,AL\r\n", true);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toMatch(
      /^The CSV file's first line must name its columns; these are missing: locality, /,
    );
    const open = await importCsv('level,notes\r\nstate,"never closed\r\n', true);
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe(
      "The CSV file cannot be read: A quoted cell that starts on line 2 is never closed.",
    );
    const unknownId = (await exported()).replace(/\r\n[0-9a-f-]{36},/, "\r\nno-such-rule,");
    const result: ComplianceImportResult = (await importCsv(unknownId, true)).json();
    expect(result.rows.find((row) => row.action === "error")?.problems).toEqual([
      { column: "id", message: "names no rule (leave it empty to create one)" },
    ]);
  });
});

describe("the demo's starter rules", () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ env: TEST_ADMIN_ENV });
  });
  afterAll(() => demo.close());

  it("are example data to verify, from official sources, some of them stale, and load once", async () => {
    const rules = await demo.app.services.compliance.list({ page: 1 });
    expect(rules.total).toBeGreaterThanOrEqual(12);
    expect(rules.total).toBeLessThanOrEqual(30);
    for (const rule of rules.items) {
      expect(rule.isExample, rule.notes).toBe(true);
      expect(rule.notes).toContain("Example data: verify before use.");
      expect(rule.sourceUrl).toMatch(/^https:\/\/[a-z.]+\.(gov|com)\/$/);
      expect(rule.version).toBe(1);
    }
    expect(rules.items.filter((rule) => rule.stale).length).toBeGreaterThan(0);
    const find = (cls: string, where: string) =>
      rules.items.filter(
        (rule) =>
          rule.regulatoryClass === cls &&
          (rule.jurisdiction.level === "country" ? "US" : rule.jurisdiction.state) === where,
      );
    expect(find("ENDS", "US").map((rule) => rule.minAge)).toEqual([21, 21]);
    expect(find("ENDS", "US").flatMap((rule) => rule.requirements)).toEqual([
      "adult_signature_21",
      "no_po_box",
      "no_military_address",
      "no_usps",
    ]);
    expect(find("KRATOM", "AL")[0]?.effect).toBe("ban");
    expect(find("KRATOM", "LA")[0]?.effectiveFrom).toBe("2025-08-01");
    expect(find("KRATOM", "CA")[0]?.jurisdiction.level).toBe("zip_set");
    expect(find("FLAVORED", "MA")[0]?.condition).toEqual({
      attribute: "flavour",
      operator: "is_not",
      value: "Tobacco",
    });
    expect(find("HEMP_INTOX", "FL")[0]?.statement).toMatch(/21/);
    expect(find("ALK_7OH", "FL")[0]?.effect).toBe("ban");
    // Maine and Nebraska ban vape deliveries to consumers, not to licensed businesses (decision 102).
    for (const state of ["ME", "NE"]) {
      expect(find("ENDS", state).map((rule) => [rule.effect, rule.exceptLicensed])).toEqual([["ban", true]]);
    }
    expect(rules.items.filter((rule) => rule.exceptLicensed)).toHaveLength(2);
    // The federal hemp limit (decisions 047, 076): per hemp class, delta-9 until 2026-11-11; total THC
    // and the THC per container after.
    for (const hemp of ["HEMP_INTOX", "HEMP_THCA_FLOWER", "HEMP_NONINTOX"]) {
      expect(
        find(hemp, "US").map((rule) => [rule.effect, rule.condition, rule.effectiveFrom, rule.effectiveTo]),
      ).toEqual([
        ["ban", { attribute: "delta9Thc", operator: "is_above", value: "0.3" }, "2018-12-20", "2026-11-11"],
        ["ban", { attribute: "totalThc", operator: "is_above", value: "0.3" }, "2026-11-12", null],
        ["ban", { attribute: "thcPerContainer", operator: "is_above", value: "0.4" }, "2026-11-12", null],
      ]);
    }

    const { seedDemo } = await import("../../db/seed/seed.ts");
    await seedDemo(demo.app.db, demo.app.services);
    expect((await demo.app.services.compliance.list({ page: 1 })).total).toBe(rules.total);
  });
});
