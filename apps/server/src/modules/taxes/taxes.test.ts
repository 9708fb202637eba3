import type { TaxImportResult, TaxRuleInput, TaxRuleItem, TaxRuleList } from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysAgo, type Sessions } from "../../test/forms.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";
import { createAuditRepository } from "../audit/repository.ts";
import { createAuditService } from "../audit/service.ts";
import { createTaxesRepository } from "./repository.ts";
import { createTaxesService } from "./service.ts";

let shop: TestApp;
let sessions: Sessions;

const send = (method: "POST" | "PUT" | "GET", url: string, payload?: unknown, cookie = sessions.manager) =>
  shop.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });

/** Ohio's vapor products tax as staff would enter it: ten cents a millilitre, whole millilitres. */
const OHIO: TaxRuleInput = {
  jurisdiction: { level: "state", country: "US", state: "OH" },
  name: "Ohio vapor products tax",
  regulatoryClass: "ENDS",
  nicotine: "nicotine",
  system: "any",
  liquid: "with_liquid",
  basis: "per_ml",
  rate: "0.10",
  mlRounding: "whole_ml_down",
  afterDiscount: false,
  salesTaxOnTop: false,
  wholesale: "charged",
  effectiveFrom: "2020-01-01",
  effectiveTo: null,
  sourceUrl: "https://tax.ohio.gov/",
  sourceDate: null,
  lastCheckedOn: daysAgo(10),
  notes: "Vapor products tax, per millilitre.",
  isExample: false,
};

/** California's CECET: 12.5 % of the retail price after discounts. */
const CALIFORNIA: TaxRuleInput = {
  ...OHIO,
  jurisdiction: { level: "state", country: "US", state: "CA" },
  name: "California electronic cigarette excise tax",
  nicotine: "any",
  liquid: "any",
  basis: "retail_percent",
  rate: "12.5",
  mlRounding: null,
  afterDiscount: true,
  salesTaxOnTop: true,
  sourceUrl: "https://www.cdtfa.ca.gov/",
  notes: "",
};

async function create(input: TaxRuleInput): Promise<TaxRuleItem> {
  const response = await send("POST", "/api/admin/tax-rules", input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(query = ""): Promise<TaxRuleList> {
  const response = await send("GET", `/api/admin/tax-rules?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const counts = async () => ({
  rules: await shop.rowCount("tax_rules"),
  versions: await shop.rowCount("tax_rule_versions"),
});

beforeAll(async () => {
  ({ shop, cookies: sessions } = await createShopWithSessions({ demoData: false }));
});
afterAll(() => shop.close());

describe("access", () => {
  const routes = () => shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/tax-rules"));

  it("declares every tax rule route for Managers and Owners", () => {
    expect(routes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/tax-rules",
        "GET /api/admin/tax-rules.csv",
        "POST /api/admin/tax-rules/import",
        "GET /api/admin/tax-rules/:id",
        "GET /api/admin/tax-rules/:id/versions",
        "POST /api/admin/tax-rules",
        "PUT /api/admin/tax-rules/:id",
      ]),
    );
    expect(routes()).toHaveLength(7);
    for (const route of routes()) expect(route.access, route.url).toBe("manager");
  });

  it("refuses anonymous callers (401), customers and Staff (403), lets the Owner in, and writes nothing", async () => {
    const rule = await create({ ...OHIO, notes: "access test" });
    const before = await counts();
    const calls: [method: "GET" | "POST" | "PUT", url: string, body?: unknown][] = [
      ["GET", "/api/admin/tax-rules"],
      ["GET", "/api/admin/tax-rules.csv"],
      ["GET", `/api/admin/tax-rules/${rule.id}`],
      ["GET", `/api/admin/tax-rules/${rule.id}/versions`],
      ["POST", "/api/admin/tax-rules", OHIO],
      ["PUT", `/api/admin/tax-rules/${rule.id}`, { ...OHIO, rate: "0.20" }],
      ["POST", "/api/admin/tax-rules/import", { csv: "level\r\n", preview: false }],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await send(method, url, body, "");
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const customer = await send(method, url, body, sessions.customer);
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json().message).toBe("Your account may not do this.");
      const staff = await send(method, url, body, sessions.staff);
      expect(staff.statusCode, `${method} ${url}`).toBe(403);
      expect(staff.json().message).toBe("This needs a Manager or Owner account; you are signed in as Staff.");
    }
    expect(await counts()).toEqual(before);
    expect((await send("GET", `/api/admin/tax-rules/${rule.id}`)).json().rate).toBe("0.10");
    expect((await send("GET", `/api/admin/tax-rules/${rule.id}`, undefined, sessions.owner)).statusCode).toBe(200);
  });
});

describe("tax rules and their versions", () => {
  it("creates a rule at version 1, its rate written one way, and keeps that version whole with who made it", async () => {
    const rule = await create({ ...OHIO, rate: "0.1" });
    expect(rule).toMatchObject({ ...OHIO, version: 1, stale: false });
    const versions = await send("GET", `/api/admin/tax-rules/${rule.id}/versions`);
    expect(versions.json()).toEqual([
      { version: 1, rule: OHIO, changedBy: expect.any(String), changedAt: rule.createdAt },
    ]);
    const audit = await shop.app.db.kysely
      .selectFrom("audit_entries")
      .selectAll()
      .where("subject_id", "=", rule.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["created"]);
  });

  it("a change makes version 2 and keeps version 1; the same fields again change nothing; an unknown id is 404", async () => {
    const rule = await create(OHIO);
    const changed = await send("PUT", `/api/admin/tax-rules/${rule.id}`, { ...OHIO, rate: "0.075" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: rule.id, version: 2, rate: "0.075" });
    const again = await send("PUT", `/api/admin/tax-rules/${rule.id}`, { ...OHIO, rate: "0.07500" });
    expect(again.json().version).toBe(2);
    const versions = (await send("GET", `/api/admin/tax-rules/${rule.id}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[1].rule).toEqual(OHIO);
    expect(versions[0].rule).toEqual({ ...OHIO, rate: "0.075" });
    const audit = await shop.app.db.kysely
      .selectFrom("audit_entries")
      .select("action")
      .where("subject_id", "=", rule.id)
      .orderBy("at")
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["created", "updated (version 2)"]);
    // What the rule says of wholesale is a field of the rule: its change is a version, kept whole.
    const exempt = await send("PUT", `/api/admin/tax-rules/${rule.id}`, {
      ...OHIO,
      rate: "0.075",
      wholesale: "exempt",
    });
    expect(exempt.json()).toMatchObject({ version: 3, wholesale: "exempt" });
    const third = (await send("GET", `/api/admin/tax-rules/${rule.id}/versions`)).json();
    expect(third[0].rule).toEqual({ ...OHIO, rate: "0.075", wholesale: "exempt" });
    const wrong = await send("PUT", `/api/admin/tax-rules/${rule.id}`, { ...OHIO, wholesale: "sometimes" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ wholesale: "must be charged or exempt" });

    const unknown = await send("PUT", "/api/admin/tax-rules/no-such-rule", OHIO);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("There is no tax rule with the id no-such-rule.");
    expect((await send("GET", "/api/admin/tax-rules/no-such-rule/versions")).statusCode).toBe(404);
  });

  it("refuses a change to a rule that moved on since it was read (409), and writes nothing", async () => {
    const rule = await create(OHIO);
    const repository = createTaxesRepository(shop.app.db.kysely);
    // A second editor saves between this save's read and its write.
    const readThenRaced = {
      ...repository,
      async find(id: string) {
        const row = await repository.find(id);
        await send("PUT", `/api/admin/tax-rules/${id}`, { ...OHIO, rate: "0.20" });
        return row;
      },
    };
    const taxes = createTaxesService(readThenRaced, {
      audit: createAuditService(createAuditRepository(shop.app.db.kysely)),
    });
    const before = await counts();
    // The route's schema has checked the input by then (a state's tax, never the country's).
    const input = { ...OHIO, rate: "0.30" } as Parameters<typeof taxes.update>[1];
    await expect(taxes.update(rule.id, input, null)).rejects.toMatchObject({
      name: "Conflict",
      message: "Someone changed this rule while you were editing it. Please reload it and make your change again.",
    });
    expect(await counts()).toEqual({ rules: before.rules, versions: before.versions + 1 });
    expect((await send("GET", `/api/admin/tax-rules/${rule.id}`)).json()).toMatchObject({ version: 2, rate: "0.20" });
  });

  it("refuses bad fields in words, beside the field, and writes nothing", async () => {
    const before = await counts();
    const refused = async (input: unknown) => {
      const response = await send("POST", "/api/admin/tax-rules", input);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fields;
    };
    expect(await refused({ ...OHIO, rate: "ten cents" })).toEqual({
      rate: "Please enter dollars from 0 to 999 as a number, such as 0.10 or 0.075 (at most five decimals).",
    });
    expect(await refused({ ...CALIFORNIA, rate: "12.555" })).toEqual({
      rate: "Please enter a percentage from 0 to 1000 as a number, such as 12.5 (at most two decimals).",
    });
    expect(await refused({ ...OHIO, mlRounding: null })).toEqual({
      mlRounding: "Please choose how part of a millilitre is counted.",
    });
    expect(await refused({ ...CALIFORNIA, mlRounding: "proportional" })).toEqual({
      mlRounding: "Only a per-millilitre tax counts millilitres.",
    });
    expect(await refused({ ...OHIO, jurisdiction: { level: "country", country: "US" } })).toEqual({
      jurisdiction: "A tax applies in a state, a county or city, or a set of ZIP codes.",
    });
    expect(await refused({ ...OHIO, effectiveFrom: "2026-05-01", effectiveTo: "2026-04-30" })).toEqual({
      effectiveTo: "The end date cannot be before the start date.",
    });
    expect(await refused({ ...OHIO, name: " ", sourceUrl: "javascript:alert(1)" })).toEqual({
      name: "Please enter the tax's name.",
      sourceUrl: "Please enter the source's web address (http or https).",
    });
    const rule = await create(OHIO);
    const badUpdate = await send("PUT", `/api/admin/tax-rules/${rule.id}`, { ...OHIO, basis: "per_gram" });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().fields).toMatchObject({
      basis: "must be per_ml, per_unit, retail_percent or wholesale_percent",
    });
    expect(await counts()).toEqual({ rules: before.rules + 1, versions: before.versions + 1 });
    expect((await send("GET", `/api/admin/tax-rules/${rule.id}`)).json().version).toBe(1);
  });
});

describe("the list", () => {
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    await shop.app.db.kysely.deleteFrom("tax_rule_versions").execute();
    await shop.app.db.kysely.deleteFrom("tax_rules").execute();
    ids = {
      ohio: (await create(OHIO)).id,
      california: (await create({ ...CALIFORNIA, lastCheckedOn: daysAgo(90) })).id,
      cook: (
        await create({
          ...OHIO,
          jurisdiction: { level: "locality", country: "US", state: "IL", locality: "Cook County" },
          name: "Cook County e-cigarette tax",
          rate: "0.20",
          mlRounding: "proportional",
          sourceUrl: "https://www.cookcountyil.gov/",
          notes: "County ordinance",
          lastCheckedOn: daysAgo(89),
        })
      ).id,
      pennsylvania: (
        await create({
          ...CALIFORNIA,
          jurisdiction: { level: "state", country: "US", state: "PA" },
          name: "Pennsylvania other tobacco products tax",
          basis: "wholesale_percent",
          rate: "40",
          afterDiscount: false,
          sourceUrl: "https://www.revenue.pa.gov/",
          lastCheckedOn: daysAgo(400),
          isExample: true,
        })
      ).id,
    };
  });

  const listed = async (query: string) => (await list(query)).items.map((item) => item.id);

  it("filters by state, class, basis, staleness and words in the name, source or notes", async () => {
    expect((await list("")).total).toBe(4);
    expect(await listed("")).toEqual([ids.california, ids.cook, ids.ohio, ids.pennsylvania]);
    expect(await listed("state=IL")).toEqual([ids.cook]);
    expect(await listed("basis=per_ml")).toEqual([ids.cook, ids.ohio]);
    expect(await listed("basis=wholesale_percent&class=ENDS")).toEqual([ids.pennsylvania]);
    expect(await listed("stale=true")).toEqual([ids.california, ids.pennsylvania]);
    expect(await listed("stale=false")).toEqual([ids.cook, ids.ohio]);
    expect(await listed("q=cdtfa")).toEqual([ids.california]);
    expect(await listed("q=ORDINANCE")).toEqual([ids.cook]);
    expect(await listed("q=vapor%20products")).toEqual([ids.ohio]);
    expect(await listed("state=OH&class=HEMP_INTOX")).toEqual([]);
    const items = new Map((await list("")).items.map((item) => [item.id, item]));
    expect(items.get(ids.pennsylvania as string)).toMatchObject({ isExample: true, stale: true, rate: "40" });
    expect((await send("GET", "/api/admin/overview")).json().staleTaxRules).toBe(2);
  });

  it("refuses unknown filters in words", async () => {
    const response = await send("GET", "/api/admin/tax-rules?state=ZZ&stale=maybe&basis=per_gram");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      state: "Please choose a state.",
      stale: "must be true or false",
      basis: "must be per_ml, per_unit, retail_percent or wholesale_percent",
    });
  });

  it("exports every rule as CSV with the import's columns, quoted, with formulas defused", async () => {
    await send("PUT", `/api/admin/tax-rules/${ids.ohio}`, {
      ...OHIO,
      notes: '=HYPERLINK("http://evil.test","x"), "more"',
    });
    const response = await send("GET", "/api/admin/tax-rules.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="tax-rules-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x""), ""more"""`);
    const [header, ...rows] = parseCsv(response.body).map((row) => row.cells);
    expect(header?.slice(0, 3)).toEqual(["id", "version", "level"]);
    expect(rows).toHaveLength(4);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const ohio = rows.find((row) => row[0] === ids.ohio) as string[];
    expect([ohio[col("version")], ohio[col("basis")], ohio[col("rate")], ohio[col("ml_rounding")]]).toEqual([
      "2",
      "per_ml",
      "0.10",
      "whole_ml_down",
    ]);
    expect(ohio[col("notes")]).toBe('=HYPERLINK("http://evil.test","x"), "more"');
    const cook = rows.find((row) => row[0] === ids.cook) as string[];
    expect([cook[col("level")], cook[col("state")], cook[col("locality")]]).toEqual(["locality", "IL", "Cook County"]);
    const pennsylvania = rows.find((row) => row[0] === ids.pennsylvania) as string[];
    expect([pennsylvania[col("stale")], pennsylvania[col("is_example")], pennsylvania[col("ml_rounding")]]).toEqual([
      "yes",
      "yes",
      "",
    ]);
  });
});

describe("CSV import", () => {
  const importCsv = (csv: string, preview: boolean) => send("POST", "/api/admin/tax-rules/import", { csv, preview });
  const exported = async () => (await send("GET", "/api/admin/tax-rules.csv")).body;
  const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");

  it("reads its own export back as unchanged, and applying it changes nothing", async () => {
    const csv = await exported();
    const before = await counts();
    const preview = await importCsv(csv, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as TaxImportResult).counts).toEqual({ create: 0, update: 0, unchanged: 4, error: 0 });
    const applied = await importCsv(csv, false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as TaxImportResult).counts).toEqual({ create: 0, update: 0, unchanged: 4, error: 0 });
    expect(await counts()).toEqual(before);
    expect(await exported()).toBe(csv);
  });

  /** The export with one rule's rate changed, a new county tax, and a bad row. */
  async function edited() {
    const rows = parseCsv(await exported()).map((row) => row.cells);
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const ohioIndex = rows.findIndex((row) => row[col("state")] === "OH");
    const changed = [...(rows[ohioIndex] as string[])];
    changed[col("rate")] = "0.11";
    const created = [...changed];
    created[col("id")] = "";
    created[col("level")] = "zip_set";
    created[col("zip_set_name")] = "Town of Example";
    created[col("zips")] = "43004 43002";
    created[col("name")] = "Example town vapor tax";
    const bad = [...changed];
    bad[col("id")] = "";
    bad[col("name")] = "Broken tax";
    bad[col("basis")] = "retail_percent";
    bad[col("rate")] = "ten";
    bad[col("sales_tax_on_top")] = "maybe";
    const others = rows.slice(1).filter((_, index) => index + 1 !== ohioIndex);
    return {
      id: changed[0] as string,
      good: [header, ...others, changed, created].map(line).join("\r\n"),
      withBad: [header, ...others, changed, created, bad].map(line).join("\n"),
    };
  }

  it("previews each row, with an error row's problems in words by column, and writes nothing", async () => {
    const { id, withBad } = await edited();
    const before = await counts();
    for (const preview of [true, false]) {
      const response = await importCsv(withBad, preview);
      if (!preview) {
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(
          "Nothing was imported: 1 row has problems (row 7: rate Please enter a percentage from 0 to 1000 as a number, such as 12.5 (at most two decimals).; ml_rounding Only a per-millilitre tax counts millilitres.; sales_tax_on_top must be yes or no). Preview the file to see every problem.",
        );
        continue;
      }
      expect(response.statusCode, response.body).toBe(200);
      const result: TaxImportResult = response.json();
      expect(result.applied).toBe(false);
      expect(result.counts).toEqual({ create: 1, update: 1, unchanged: 3, error: 1 });
      expect(result.rows.find((row) => row.action === "update")).toMatchObject({ row: 5, id, changes: ["rate"] });
      expect(result.rows.find((row) => row.action === "create")).toMatchObject({
        row: 6,
        id: null,
        summary: "Example town vapor tax (Town of Example (2 ZIP codes), Ohio)",
      });
      expect(result.rows.find((row) => row.action === "error")).toMatchObject({
        row: 7,
        summary: "Broken tax, OH",
        problems: [
          {
            column: "rate",
            message: "Please enter a percentage from 0 to 1000 as a number, such as 12.5 (at most two decimals).",
          },
          { column: "ml_rounding", message: "Only a per-millilitre tax counts millilitres." },
          { column: "sales_tax_on_top", message: "must be yes or no" },
        ],
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("applies every good row in one go: a new rule at version 1, a changed one at its next version", async () => {
    const { id, good } = await edited();
    const before = await counts();
    const response = await importCsv(good, false);
    expect(response.statusCode, response.body).toBe(200);
    const result: TaxImportResult = response.json();
    expect(result).toMatchObject({ applied: true, counts: { create: 1, update: 1, unchanged: 3, error: 0 } });
    expect(await counts()).toEqual({ rules: before.rules + 1, versions: before.versions + 2 });
    expect((await send("GET", `/api/admin/tax-rules/${id}`)).json()).toMatchObject({ version: 3, rate: "0.11" });
    const createdId = result.rows.find((row) => row.action === "create")?.id as string;
    expect((await send("GET", `/api/admin/tax-rules/${createdId}`)).json()).toMatchObject({
      version: 1,
      jurisdiction: { level: "zip_set", state: "OH", name: "Town of Example", zips: ["43002", "43004"] },
    });
  });

  it("refuses a file it cannot read, with the reason", async () => {
    const noColumns = await importCsv("level,state\r\nstate,OH\r\n", true);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toMatch(
      /^The CSV file's first line must name its columns; these are missing: locality, /,
    );
    expect(noColumns.json().message).toMatch(/Export the tax rules to see the expected columns\.$/);
    const unknownId = (await exported()).replace(/\r\n[0-9a-f-]{36},/, "\r\nno-such-rule,");
    const result: TaxImportResult = (await importCsv(unknownId, true)).json();
    expect(result.rows.find((row) => row.action === "error")?.problems).toEqual([
      { column: "id", message: "names no rule (leave it empty to create one)" },
    ]);
  });
});
