import {
  type ClassBan,
  conditionThousandths,
  isNumberConditionAttribute,
  type RuleCondition,
  type RuleConditionNumberAttribute,
} from "@shop/shared";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { Engine } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";

/**
 * The product list's "ships to my state" filter in SQL (docs/decisions/049): the country-wide and
 * state-wide bans the caller gives (stateWideBans in @shop/shared/rules; this module reads no
 * rules) become conditions on the product's own row, its regulatory classes and its latest COA,
 * so the list is still one query however many products there are, and `conditionHolds` and this
 * agree.
 */

/** The product's words a condition may test, as columns of the banned product `bp`. */
const wordColumns = {
  flavour: sql.ref("bp.flavour"),
  flavourGroup: sql.ref("bp.flavour_group"),
  productType: sql.ref("bp.product_type"),
  brand: sql.ref("bp.brand"),
  nicotineStrength: sql.ref("bp.nicotine_strength"),
} as const;

/**
 * The lab figures a condition may test, in thousandths of their unit (of a percent; micrograms for
 * the THC per container), from a COA row `c`: null when not tested. Total THC is delta-9 + 0.877 ×
 * THCA rounded to the thousandth, as totalThcMilliPercent counts it (round() rounds halves up, as
 * Math.round does for these).
 */
const figureColumns: Record<RuleConditionNumberAttribute, RawBuilder<number | null>> = {
  delta9Thc: sql`c.delta9_thc_mpct`,
  totalThc: sql`c.delta9_thc_mpct + round(c.thca_mpct * 877 / 1000.0)`,
  thcPerContainer: sql`c.thc_per_container_ug`,
};

/**
 * The figure on the latest COA (report date, then the newest row) of the product's own variant,
 * whose id is the product's (docs/decisions/093), or null with none: the list judges a product as
 * its page first shows it.
 */
function latestFigure(attribute: RuleConditionNumberAttribute) {
  return sql<number | null>`(select ${figureColumns[attribute]} from batches b
    inner join coas c on c.batch_id = b.id where b.variant_id = bp.id
    order by c.report_date desc, c.created_at desc, c.id desc limit 1)`;
}

/**
 * Whether a product passes a rule's condition, as conditionHolds decides it. Words: the attribute
 * trimmed, a missing one being "", compared case-insensitively. Lab figures: the latest COA's,
 * compared in whole thousandths; a figure nobody knows (no COA, not tested) or a limit that cannot
 * be read passes, so the ban takes the product in. A new attribute is one case here; null for one
 * this does not know, whose ban then leaves no product out of the list (the product page, the cart
 * and the order still apply it).
 */
export function conditionSql(condition: RuleCondition): RawBuilder<SqlBool> | null {
  if (isNumberConditionAttribute(condition.attribute)) {
    const limit = conditionThousandths(condition.value);
    if (limit === null) return sql<SqlBool>`1 = 1`;
    const figure = latestFigure(condition.attribute);
    if (condition.operator === "is_above") return sql<SqlBool>`coalesce(${figure} > ${limit}, 1 = 1)`;
    if (condition.operator === "is_at_most") return sql<SqlBool>`coalesce(${figure} <= ${limit}, 1 = 1)`;
    return sql<SqlBool>`1 = 1`;
  }
  if (!Object.hasOwn(wordColumns, condition.attribute)) return null;
  const column = wordColumns[condition.attribute as keyof typeof wordColumns];
  const actual = sql`trim(coalesce(${column}, ''))`;
  const value = condition.value.trim().toLowerCase();
  switch (condition.operator) {
    case "is":
      return sql<SqlBool>`lower(${actual}) = ${value}`;
    case "is_not":
      return sql<SqlBool>`lower(${actual}) <> ${value}`;
    case "contains":
      return containsText(actual, value);
    case "does_not_contain":
      return sql<SqlBool>`not ${containsText(actual, value)}`;
    default:
      return null;
  }
}

/**
 * The products `bans` take in, as the rows of `product_regulatory_classes prc inner join products
 * bp`: found from the banned classes' rows of product_regulatory_classes (its class index) and, for
 * a ban on a condition, the product `bp` it holds for. Null when no ban can take a product in.
 */
function bannedProducts(bans: readonly ClassBan[]): RawBuilder<unknown> | null {
  const outright = [...new Set(bans.filter((ban) => ban.condition === null).map((ban) => ban.regulatoryClass))];
  // Bans on one condition (the hemp limit on three hemp classes) are tested once for their classes.
  const byCondition = new Map<string, { holds: RawBuilder<SqlBool>; classes: string[] }>();
  for (const ban of bans) {
    if (ban.condition === null || outright.includes(ban.regulatoryClass)) continue;
    const key = JSON.stringify(ban.condition);
    const known = byCondition.get(key);
    if (known) known.classes.push(ban.regulatoryClass);
    else {
      const holds = conditionSql(ban.condition);
      if (holds !== null) byCondition.set(key, { holds, classes: [ban.regulatoryClass] });
    }
  }
  const takenIn = [
    ...(outright.length > 0 ? [sql<SqlBool>`prc.class in (${sql.join(outright)})`] : []),
    ...[...byCondition.values()].map(
      ({ holds, classes }) => sql<SqlBool>`(prc.class in (${sql.join(classes)}) and ${holds})`,
    ),
  ];
  if (takenIn.length === 0) return null;
  return sql`product_regulatory_classes prc inner join products bp on bp.id = prc.product_id
    where (${sql.join(takenIn, sql` or `)})`;
}

/**
 * Products (`p`) none of `bans` takes in: the banned ones are found once (bannedProducts) and the
 * list leaves them out by id (an anti-join on both engines, never a subquery per listed product).
 * Null when no ban can leave a product out.
 */
export function notBannedSql(engine: Engine, bans: readonly ClassBan[]): RawBuilder<SqlBool> | null {
  const banned = bannedProducts(bans);
  if (banned === null) return null;
  // PostgreSQL turns NOT EXISTS into a hash anti-join (NOT IN it cannot, and rescans the subquery
  // once its hash outgrows work_mem); SQLite builds the banned rowids once and probes them from
  // the index a count walks, reading no product row (docs/decisions/049 has the figures).
  if (engine === "postgres") return sql<SqlBool>`not exists (select 1 from ${banned} and prc.product_id = p.id)`;
  return sql<SqlBool>`p.rowid not in (select bp.rowid from ${banned})`;
}

/**
 * Keeps `products.sold_nowhere` as the country-wide `bans` decide it (docs/decisions/080), for the
 * products among `ids` or every product: the same SQL as the "ships to my state" filter, so the
 * list's verdict and that filter's agree. Only rows whose verdict changes are written; the answer
 * is how many.
 */
export async function markSoldNowhere(
  db: Kysely<Database>,
  bans: readonly ClassBan[],
  ids?: readonly string[],
): Promise<number> {
  if (ids !== undefined && ids.length === 0) return 0;
  const taken = bannedProducts(bans);
  const only = ids === undefined ? sql`` : sql`and id in (${sql.join([...ids])})`;
  // For a few products, the banned ones among them only, not the whole catalogue's: at 100,000
  // products one product took 23 ms on SQLite and 133 ms on PostgreSQL that way, 1 and 3 ms this way.
  const banned = taken === null || ids === undefined ? taken : sql`${taken} and bp.id in (${sql.join([...ids])})`;
  let changed = 0;
  if (banned !== null) {
    const marked = await sql`update products set sold_nowhere = 1
      where sold_nowhere = 0 ${only} and id in (select bp.id from ${banned})`.execute(db);
    changed += Number(marked.numAffectedRows ?? 0);
  }
  const freed = await sql`update products set sold_nowhere = 0
    where sold_nowhere = 1 ${only} ${banned === null ? sql`` : sql`and id not in (select bp.id from ${banned})`}`.execute(
    db,
  );
  return changed + Number(freed.numAffectedRows ?? 0);
}
