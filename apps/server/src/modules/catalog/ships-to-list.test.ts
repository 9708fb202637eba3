import {
  type ClassBan,
  type ComplianceLine,
  conditionHolds,
  type ProductList,
  type RegulatoryClass,
  RULE_CONDITION_NUMBER_ATTRIBUTES,
  type RuleCondition,
} from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createCatalogRepository } from "./repository.ts";

// The product list's "ships to my state" filter (docs/decisions/049): the bans become SQL on the
// product's row and classes, and the SQL leaves out exactly the products conditionHolds would.

let shop: TestApp;
let repository: ReturnType<typeof createCatalogRepository>;
const ids: string[] = [];

/** Six demo products made into vapes with the flavours each operator tells apart. */
const flavours = ["Tobacco", "  tobacco ", null, "Mango", "Menthol Tobacco", "Mint t_b 50%"];
const classesOf = (index: number): RegulatoryClass[] => (index === 5 ? ["ENDS", "KRATOM"] : ["ENDS"]);

beforeAll(async () => {
  shop = await createTestApp();
  const db = shop.app.db.kysely;
  repository = createCatalogRepository(db, shop.app.db.engine);
  const rows = await db.selectFrom("products").select("id").where("active", "=", 1).orderBy("id").limit(6).execute();
  for (const [index, row] of rows.entries()) {
    ids.push(row.id);
    await db
      .updateTable("products")
      .set({ flavour: flavours[index] ?? null })
      .where("id", "=", row.id)
      .execute();
    await db.deleteFrom("product_regulatory_classes").where("product_id", "=", row.id).execute();
    await db
      .insertInto("product_regulatory_classes")
      .values(classesOf(index).map((regulatoryClass) => ({ product_id: row.id, class: regulatoryClass })))
      .execute();
  }
});
afterAll(() => shop.close());

const lineOf = (index: number): ComplianceLine => ({
  classes: classesOf(index),
  attributes: { flavour: flavours[index] ?? null },
});

/** The products the SQL keeps, as indexes into `ids`. */
async function kept(bans: ClassBan[]): Promise<number[]> {
  const rows = await repository.listProducts({ ids, bans }, { offset: 0, limit: 100 });
  const found = new Set(rows.map((row) => row.id));
  expect(await repository.countProducts({ ids, bans })).toBe(found.size);
  return ids.flatMap((id, index) => (found.has(id) ? [index] : []));
}

/** What the shared evaluation keeps: no ban's class with its condition holding. */
const expected = (bans: ClassBan[]) =>
  ids.flatMap((_, index) =>
    bans.some(
      (ban) =>
        lineOf(index).classes.includes(ban.regulatoryClass) &&
        (ban.condition === null || conditionHolds(ban.condition, lineOf(index).attributes)),
    )
      ? []
      : [index],
  );

const on = (operator: RuleCondition["operator"], value: string): ClassBan => ({
  regulatoryClass: "ENDS",
  condition: { attribute: "flavour", operator, value } as RuleCondition,
});

describe("the product list's ships-to bans in SQL", () => {
  it("leaves nothing out without bans", async () => {
    expect(await kept([])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("leaves out every product of a class banned outright, one class being enough", async () => {
    expect(await kept([{ regulatoryClass: "KRATOM", condition: null }])).toEqual([0, 1, 2, 3, 4]);
    expect(await kept([{ regulatoryClass: "ENDS", condition: null }])).toEqual([]);
    expect(await kept([{ regulatoryClass: "HEMP_INTOX", condition: null }])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("is: trimmed and case-insensitive", async () => {
    expect(await kept([on("is", " TOBACCO")])).toEqual([2, 3, 4, 5]);
  });

  it("is not: a missing flavour is not tobacco (fails closed)", async () => {
    expect(await kept([on("is_not", "Tobacco")])).toEqual([0, 1]);
  });

  it("contains: anywhere in the words, case-insensitive", async () => {
    expect(await kept([on("contains", "TOBACCO")])).toEqual([2, 3, 5]);
  });

  it("does not contain: a missing flavour contains nothing", async () => {
    expect(await kept([on("does_not_contain", "tobacco")])).toEqual([0, 1, 4]);
  });

  it("contains takes % and _ as letters, not as LIKE's wildcards", async () => {
    expect(await kept([on("contains", "t_b 50%")])).toEqual([0, 1, 2, 3, 4]);
    expect(await kept([on("contains", "t%o")])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await kept([on("contains", "m_nt")])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("a condition's class must be the product's: a banned flavour of another class keeps it", async () => {
    expect(await kept([{ ...on("is", "tobacco"), regulatoryClass: "NICOTINE" }])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("several bans add up, and agree with conditionHolds on each operator", async () => {
    const sets: ClassBan[][] = [
      [on("is", "mango"), { regulatoryClass: "KRATOM", condition: null }],
      [on("contains", "menthol"), on("is", "tobacco")],
      [on("is_not", "mango"), on("does_not_contain", "o")],
      ...(["is", "is_not", "contains", "does_not_contain"] as const).flatMap((operator) =>
        ["tobacco", "", "MINT", " t_b "].map((value) => [on(operator, value)]),
      ),
    ];
    for (const bans of sets) expect(await kept(bans), JSON.stringify(bans)).toEqual(expected(bans));
  });
});

describe("bans on a lab figure of the latest COA", () => {
  it("agree with conditionHolds on the catalogue's own lines: is above, is at most, no COA, a limit not read", async () => {
    const db = shop.app.db.kysely;
    const active = (await db.selectFrom("products").select("id").where("active", "=", 1).execute()).map(
      (row) => row.id,
    );
    // One product with no lab result at all joins the hemp class: it counts as over any limit.
    const tested = new Set(
      (await db.selectFrom("batches").select("product_id").execute()).map((row) => row.product_id),
    );
    const untested = active.find((id) => !tested.has(id));
    expect(untested).toBeDefined();
    await db
      .insertInto("product_regulatory_classes")
      .values({ product_id: untested ?? "", class: "HEMP_THCA_FLOWER" })
      .execute();
    const lines = await shop.app.services.catalog.complianceLines(active);
    const flower = active.filter((id) => lines.get(id)?.classes.includes("HEMP_THCA_FLOWER"));
    expect(flower.filter((id) => lines.get(id)?.attributes.totalThc != null).length).toBeGreaterThan(0);
    expect(flower).toContain(untested);

    expect(flower.filter((id) => lines.get(id)?.attributes.thcPerContainer != null).length).toBeGreaterThan(0);

    for (const attribute of RULE_CONDITION_NUMBER_ATTRIBUTES) {
      for (const operator of ["is_above", "is_at_most"] as const) {
        // Mint Frost Cake: 24.86 % total THC, 870.1 mg of THC in its 3.5 g jar.
        for (const value of ["0.3", "24.86", "24.859", "870.1", "870.099", "0", "0,3"]) {
          const ban: ClassBan = { regulatoryClass: "HEMP_THCA_FLOWER", condition: { attribute, operator, value } };
          const rows = await repository.listProducts({ ids: active, bans: [ban] }, { offset: 0, limit: 1000 });
          const want = active.filter((id) => {
            const line = lines.get(id);
            if (!line) return false;
            return !(
              line.classes.includes("HEMP_THCA_FLOWER") &&
              conditionHolds(ban.condition as RuleCondition, line.attributes)
            );
          });
          expect(rows.map((row) => row.id).sort(), JSON.stringify(ban)).toEqual(want.sort());
        }
      }
    }
    // The federal limit in words: over 0.3 % total THC leaves the flower out, the untested one too.
    const federal: ClassBan = {
      regulatoryClass: "HEMP_THCA_FLOWER",
      condition: { attribute: "totalThc", operator: "is_above", value: "0.3" },
    };
    const keptIds = new Set(
      (await repository.listProducts({ ids: active, bans: [federal] }, { offset: 0, limit: 1000 })).map(
        (row) => row.id,
      ),
    );
    expect(keptIds.has(untested ?? "")).toBe(false);
    await db
      .deleteFrom("product_regulatory_classes")
      .where("product_id", "=", untested ?? "")
      .where("class", "=", "HEMP_THCA_FLOWER")
      .execute();
  });
});

describe("GET /api/Product?shipsTo=", () => {
  const list = async (query: string) => {
    const response = await shop.app.inject({ url: `/api/Product?limit=100${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductList;
  };
  const has = (list: ProductList, regulatoryClass: RegulatoryClass) =>
    list.items.filter((item) => item.regulatoryClasses.includes(regulatoryClass)).length;

  it("leaves out kratom for Alabama (a state-wide ban), keeps it for California (only some ZIP codes ban it)", async () => {
    // Texas bans nothing of the demo's itself: its list is the shop less the country-wide bans.
    const all = await list("");
    const texas = await list("&shipsTo=TX");
    const alabama = await list("&shipsTo=AL");
    const california = await list("&shipsTo=CA");
    expect(has(texas, "KRATOM")).toBeGreaterThan(0);
    expect(has(alabama, "KRATOM")).toBe(0);
    expect(alabama.totalProducts).toBe(texas.totalProducts - has(texas, "KRATOM"));
    expect(california.totalProducts).toBe(texas.totalProducts);
    // The federal hemp limit (country-wide, on the latest COA's total THC) leaves the THCA flower out everywhere,
    // and its 0.4 mg per container the gummies and hemp vapes too.
    expect(has(all, "HEMP_THCA_FLOWER")).toBeGreaterThan(has(texas, "HEMP_THCA_FLOWER"));
    expect(has(all, "HEMP_INTOX")).toBeGreaterThan(0);
    expect(has(texas, "HEMP_INTOX")).toBe(0);
  });

  it("applies a conditional ban: flavoured vapes that are not tobacco are left out for Massachusetts", async () => {
    const massachusetts = await list("&shipsTo=MA");
    const flavoured = massachusetts.items.filter((item) => item.regulatoryClasses.includes("FLAVORED"));
    for (const item of flavoured) expect(item.flavour?.trim().toLowerCase()).toBe("tobacco");
    expect(has(await list("&category=disposable&shipsTo=TX"), "FLAVORED")).toBeGreaterThan(0);
  });

  it("refuses a state that is not one, in words", async () => {
    const response = await shop.app.inject({ url: "/api/Product?shipsTo=ZZ" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("must be a US state code such as TX");
  });
});
