import type { ClassBan, ProductSort, SearchTerm } from "@shop/shared";
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { Engine, Executor } from "../../db/database.ts";
import type { Database, MasterCategoriesTable } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";
import { markSoldNowhere, notBannedSql } from "./ship-bans-repository.ts";
import { moveStock, type StockCause } from "./stock-repository.ts";
import { productVariants } from "./variants-repository.ts";

export interface ProductFilter {
  ids?: string[] | undefined;
  /** SQLite's rowids, as the FTS5 index gives them. */
  rowids?: number[] | undefined;
  categoryId?: string | undefined;
  /** Featured products are never ones sold nowhere (docs/decisions/080). */
  featured?: boolean | undefined;
  /**
   * Search terms (searchTerms()), each to match a word of the product. `by: "index"` reads the
   * full-text index; `by: "scan"` tests each product's search_text as a list is walked in its
   * order, for a search that matches many products (SQLite; PostgreSQL's planner chooses).
   */
  search?: { terms: SearchTerm[]; by: "index" | "scan" } | undefined;
  brand?: string | undefined;
  flavourGroup?: string | undefined;
  strainType?: string | undefined;
  /** A nicotine strength or size the product is sold in, itself or as a variant (product_facet_values). */
  nicotineStrength?: string | undefined;
  size?: string | undefined;
  puffs9000?: boolean | undefined;
  /** Available: in stock and sold somewhere; not: out of stock or sold nowhere (docs/decisions/080). */
  inStock?: boolean | undefined;
  /** One part of every list: what is sold nowhere (true) or what can be bought somewhere (false). */
  soldNowhere?: boolean | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  /** Leaves out the products these bans take in: "ships to my state" (ship-bans-repository.ts). */
  bans?: readonly ClassBan[] | undefined;
}

type ProductsBuilder = ExpressionBuilder<{ p: Database["products"] }, "p">;

/**
 * A product's regulatory classes as one text of codes separated by spaces (any order), read with
 * the product in the same query through the table's primary key (product, class).
 */
export function regulatoryClassesColumn(engine: Engine) {
  const joined = engine === "postgres" ? sql`string_agg(prc.class, ' ')` : sql`group_concat(prc.class, ' ')`;
  return sql<string | null>`(select ${joined} from product_regulatory_classes prc where prc.product_id = p.id)`.as(
    "regulatory_classes",
  );
}

/**
 * The storefront's sorts: the column and direction (ties go newest id first). Every sort lists what
 * can be bought before what is sold nowhere (`sold_nowhere` first, migration 032).
 */
const PRODUCT_SORTS = {
  newest: ["p.created_at", "desc"],
  name: ["p.name", "asc"],
  price_asc: ["p.unit_price_cents", "asc"],
  price_desc: ["p.unit_price_cents", "desc"],
} as const satisfies Record<ProductSort, readonly [string, "asc" | "desc"]>;

/** A product's pictures in gallery order (the main one first), for the shop and the product form. */
export function productImages(executor: Executor, productId: string) {
  return executor
    .selectFrom("product_images as pi")
    .innerJoin("images as i", "i.key", "pi.image_key")
    .where("pi.product_id", "=", productId)
    .select(["i.key", "i.width", "i.height", "i.widths", "pi.alt"])
    .orderBy("pi.position")
    .execute();
}

/** The name of a variant's option at `position`, beside its value (`v` is the variant). */
function optionName<A extends string>(position: number, alias: A) {
  return sql<
    string | null
  >`(select o.name from product_options o where o.product_id = v.product_id and o.position = ${position})`.as(alias);
}

/** A product's options in their order, their values parsed. */
export async function productOptions(executor: Executor, productId: string) {
  const rows = await executor
    .selectFrom("product_options")
    .where("product_id", "=", productId)
    .select(["name", "option_values"])
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ name: row.name, values: JSON.parse(row.option_values) as string[] }));
}

/** The terms as an FTS5 query: `"gummi"*` (a prefix), `"5"` (a whole word), alternatives in OR, terms in AND. */
function ftsQuery(terms: SearchTerm[]): string {
  return (
    terms
      .map((term) => {
        const words = term.words.map((word) => `"${word}"${term.prefix ? "*" : ""}`);
        return words.length === 1 ? words[0] : `(${words.join(" OR ")})`;
      })
      // FTS5 reads "a b" as a AND b, but not "(a OR b) c": the AND is written out.
      .join(" AND ")
  );
}

/** The terms as a PostgreSQL tsquery: `gummi:*`, `5`, alternatives in `|`, terms in `&`. */
function tsQuery(terms: SearchTerm[]): string {
  return terms
    .map((term) => {
      const words = term.words.map((word) => (term.prefix ? `${word}:*` : word));
      return words.length === 1 ? words[0] : `(${words.join(" | ")})`;
    })
    .join(" & ");
}

/**
 * Products matching every term, through the engine's full-text index (docs/decisions/008, 019).
 * Terms hold only letters or digits, so no query syntax can be injected; values are bound.
 */
export function searchCondition(engine: Engine, terms: SearchTerm[]) {
  if (engine === "postgres") return sql<boolean>`p.search_vector @@ to_tsquery('simple', ${tsQuery(terms)})`;
  return sql<boolean>`p.rowid in (select rowid from products_fts where products_fts match ${ftsQuery(terms)})`;
}

/**
 * On PostgreSQL, the products of one part (sold nowhere or not) matching every term, both decided
 * in the full-text index: its words hold "0nowhere" for the products sold nowhere (migration 035).
 * Tested on the column beside the index, the planner read every match's row (150 ms for a hemp
 * word at 100,000 products) or walked the part's listing index (70 ms for a rare one).
 */
function searchPartCondition(terms: SearchTerm[], soldNowhere: boolean) {
  return sql<boolean>`p.search_vector @@ to_tsquery('simple', ${`(${tsQuery(terms)}) & ${soldNowhere ? "" : "!"}0nowhere`})`;
}

/**
 * The same test made on the product's own search_text (" word" begins a word, " 5 " is a whole
 * word), for walking a list in its order and stopping at a page: no index serves it, so neither
 * engine collects every match first (FTS5 would; PostgreSQL's planner may, misjudging how many).
 */
function searchScanCondition(engine: Engine, terms: SearchTerm[]) {
  const padded = sql`(' ' || p.search_text || ' ')`;
  const holds = (text: string) =>
    engine === "postgres" ? sql`strpos(${padded}, ${text}) > 0` : sql`instr(${padded}, ${text}) > 0`;
  return sql<boolean>`(${sql.join(
    terms.map(
      (term) =>
        sql`(${sql.join(
          term.words.map((word) => holds(term.prefix ? ` ${word}` : ` ${word} `)),
          sql` or `,
        )})`,
    ),
    sql` and `,
  )})`;
}

/** Filters on products' own columns only, so that counting needs no join and uses an index. */
function productFilter(engine: Engine, filter: ProductFilter) {
  return (eb: ProductsBuilder) => {
    const conditions = [
      // A few rowids are looked up one by one: "+" keeps SQLite from walking the active products
      // in order to probe the list (it would read them all when the matches are old).
      filter.rowids === undefined ? eb("p.active", "=", 1) : eb.and([sql<boolean>`+p.active = 1`]),
    ];
    if (filter.ids !== undefined) conditions.push(eb("p.id", "in", filter.ids));
    if (filter.rowids !== undefined) conditions.push(eb.and([sql<boolean>`p.rowid in (${sql.join(filter.rowids)})`]));
    if (filter.categoryId !== undefined) conditions.push(eb("p.master_category_id", "=", filter.categoryId));
    if (filter.featured !== undefined) conditions.push(eb("p.featured", "=", filter.featured ? 1 : 0));
    if (filter.featured === true) conditions.push(eb("p.sold_nowhere", "=", 0));
    if (filter.brand !== undefined) conditions.push(eb("p.brand", "=", filter.brand));
    if (filter.flavourGroup !== undefined) conditions.push(eb("p.flavour_group", "=", filter.flavourGroup));
    if (filter.strainType !== undefined) conditions.push(eb("p.strain_type", "=", filter.strainType));
    for (const [facet, value] of [
      ["nicotine", filter.nicotineStrength],
      ["size", filter.size],
    ] as const) {
      if (value === undefined) continue;
      conditions.push(
        eb.and([
          sql<boolean>`p.id in (select f.product_id from product_facet_values f where f.facet = ${facet} and f.value = ${value})`,
        ]),
      );
    }
    if (filter.puffs9000 !== undefined) conditions.push(eb("p.puffs_9000_per_device", "=", filter.puffs9000 ? 1 : 0));
    if (filter.inStock === true) conditions.push(eb("p.stock", ">", 0), eb("p.sold_nowhere", "=", 0));
    if (filter.inStock === false) conditions.push(eb.or([eb("p.stock", "=", 0), eb("p.sold_nowhere", "=", 1)]));
    const searchedByPart =
      engine === "postgres" &&
      filter.search?.by === "index" &&
      filter.search.terms.length > 0 &&
      filter.soldNowhere !== undefined;
    if (filter.soldNowhere !== undefined && !searchedByPart) {
      conditions.push(eb("p.sold_nowhere", "=", filter.soldNowhere ? 1 : 0));
    }
    if (filter.minPriceCents !== undefined) conditions.push(eb("p.unit_price_cents", ">=", filter.minPriceCents));
    if (filter.maxPriceCents !== undefined) conditions.push(eb("p.unit_price_cents", "<=", filter.maxPriceCents));
    const allowed = filter.bans === undefined ? null : notBannedSql(engine, filter.bans);
    if (allowed !== null) conditions.push(eb.and([allowed]));
    if (filter.search !== undefined && filter.search.terms.length > 0) {
      const { terms, by } = filter.search;
      conditions.push(
        eb.and([
          by === "scan"
            ? searchScanCondition(engine, terms)
            : searchedByPart
              ? searchPartCondition(terms, filter.soldNowhere === true)
              : searchCondition(engine, terms),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export function createCatalogRepository(db: Kysely<Database>, engine: Engine) {
  const summaryColumns = [
    "p.id",
    "p.sku",
    "p.name",
    "p.product_type",
    "p.brand",
    "p.flavour",
    "p.strain_type",
    "p.nicotine_strength",
    "p.featured",
    "p.price_cents",
    "p.selling_price_pcs_cents",
    "p.selling_price_box_cents",
    "p.pcs_per_pack",
    "p.pack_per_box",
    "p.stock",
    "p.unit_price_cents",
    "p.max_unit_price_cents",
    "p.variant_count",
    sql<string | null>`(select o.name from product_options o where o.product_id = p.id and o.position = 0)`.as(
      "first_option_name",
    ),
    sql<
      number | string
    >`(select count(distinct v.option1) from product_variants v where v.product_id = p.id and v.active = 1)`.as(
      "first_option_values",
    ),
    "p.delivery_available",
    "p.sold_nowhere",
    "c.id as category_id",
    "c.name as category_name",
    "c.slug as category_slug",
    "i.key as image_key",
    "i.width as image_width",
    "i.height as image_height",
    "i.widths as image_widths",
    "pi.alt as image_alt",
  ] as const;

  /** Products with their category and main image (position 0). */
  function productsWithCategoryAndMainImage() {
    return db
      .selectFrom("products as p")
      .innerJoin("master_categories as c", "c.id", "p.master_category_id")
      .leftJoin("product_images as pi", (join) => join.onRef("pi.product_id", "=", "p.id").on("pi.position", "=", 0))
      .leftJoin("images as i", "i.key", "pi.image_key");
  }

  /** Categories with their image and how many active products each has. */
  function categoriesWithImageAndCount() {
    return db
      .selectFrom("master_categories as c")
      .leftJoin("images as i", "i.key", "c.image_key")
      .select((eb) => [
        "c.id",
        "c.name",
        "c.slug",
        "c.description",
        "i.key as image_key",
        "i.width as image_width",
        "i.height as image_height",
        "i.widths as image_widths",
        eb
          .selectFrom("products as p")
          .whereRef("p.master_category_id", "=", "c.id")
          .where("p.active", "=", 1)
          .select(sql<number>`count(*)`.as("n"))
          .as("product_count"),
      ]);
  }

  /**
   * The active products matching a search and the filters, when there are at most `limit`: how
   * many, and a filter that picks them (ids on PostgreSQL, rowids on SQLite). "more" when there
   * are more. A search with no filter but the part (`soldNowhere`) is counted in the index alone.
   */
  async function searchMatches(
    filter: Omit<ProductFilter, "search">,
    terms: SearchTerm[],
    limit: number,
  ): Promise<{ count: number; only: Pick<ProductFilter, "ids" | "rowids"> } | "more"> {
    const { soldNowhere, ...others } = filter;
    const onlySearch = Object.values(others).every((value) => value === undefined);
    if (engine === "postgres") {
      const [term] = terms;
      if (onlySearch && terms.length === 1 && term !== undefined) {
        // The words' counts of every active product and of those sold nowhere are kept apart
        // (migrations 010 and 035): one indexed word that begins with the term held by more than
        // `limit` active products of the part means more matches, and none held by any means none.
        const words = term.words.map((word) => (term.prefix ? sql`c.term like ${`${word}%`}` : sql`c.term = ${word}`));
        const held =
          soldNowhere === undefined
            ? sql`c.products`
            : soldNowhere
              ? sql`coalesce(n.products, 0)`
              : sql`c.products - coalesce(n.products, 0)`;
        const { rows } = await sql<{ most: number | null; total: number | string | null }>`
          select max(${held}) as most, sum(${held}) as total from product_term_counts c
          left join product_term_sold_nowhere_counts n on n.term = c.term
          where ${sql.join(words, sql` or `)}`.execute(db);
        if (Number(rows[0]?.most ?? 0) > limit) return "more";
        if (Number(rows[0]?.total ?? 0) === 0) return { count: 0, only: { ids: [] } };
      }
      // Read from the full-text index alone. The planner guesses a word's matches from its share
      // of all products, not of a part: for a hemp word held by 20,000 products sold nowhere and 6
      // that are not, it read all 100,000 rows in turn (140 ms) to find the 6 (decision 085).
      const rows = await db.transaction().execute(async (trx) => {
        await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
          trx,
        );
        return trx
          .selectFrom("products as p")
          .where(productFilter(engine, { ...filter, search: { terms, by: "index" } }))
          .select("p.id")
          .limit(limit + 1)
          .execute();
      });
      return rows.length > limit ? "more" : { count: rows.length, only: { ids: rows.map((row) => row.id) } };
    }
    // The FTS5 index marks inactive products and those sold nowhere (migrations 009 and 035).
    const part = soldNowhere === undefined ? "" : soldNowhere ? ' AND "0nowhere"' : ' NOT "0nowhere"';
    const rows = onlySearch
      ? (
          await sql<{ rowid: number }>`select rowid from products_fts
            where products_fts match ${`((${ftsQuery(terms)})${part}) NOT "0inactive"`} limit ${limit + 1}`.execute(db)
        ).rows
      : // CROSS JOIN keeps the FTS5 table outside, so SQLite stops after `limit` + 1 matches.
        await db
          .selectFrom(sql<{ rowid: number }>`products_fts`.as("f"))
          .crossJoin("products as p")
          .whereRef(sql`p.rowid`, "=", sql`f.rowid`)
          .where(sql<boolean>`products_fts match ${ftsQuery(terms)}`)
          .where(productFilter(engine, filter))
          .select(sql<number>`p.rowid`.as("rowid"))
          .limit(limit + 1)
          .execute();
    return rows.length > limit ? "more" : { count: rows.length, only: { rowids: rows.map((row) => row.rowid) } };
  }

  async function listProducts(filter: ProductFilter, page: { offset: number; limit: number; sort?: ProductSort }) {
    const [column, direction] = PRODUCT_SORTS[page.sort ?? "newest"];
    // The page's ids first, along an index; the joins and the classes for those rows only. One
    // query read them for every row skipped too: 3 ms for page 50 of a category (decision 068).
    const pageIds = db
      .selectFrom("products as p")
      .where(productFilter(engine, filter))
      .select("p.id")
      .orderBy("p.sold_nowhere")
      .orderBy(column, direction)
      .orderBy("p.id", "desc")
      .offset(page.offset)
      .limit(page.limit);
    return productsWithCategoryAndMainImage()
      .where("p.id", "in", pageIds)
      .select(summaryColumns)
      .select(regulatoryClassesColumn(engine))
      .orderBy("p.sold_nowhere")
      .orderBy(column, direction)
      .orderBy("p.id", "desc")
      .execute();
  }

  return {
    /** For reads outside a caller's transaction (the staff screens' sale facts). */
    db,

    async listCategories() {
      return categoriesWithImageAndCount().orderBy("c.position").orderBy("c.name").execute();
    },

    /** One category for the dashboard: its own row, image and active product count. */
    async findCategory(id: string) {
      return categoriesWithImageAndCount().where("c.id", "=", id).executeTakeFirst();
    },

    /** The category that already has this name, whatever its case (the index of migration 033), but `exceptId`. */
    async categoryNamed(name: string, exceptId?: string) {
      let query = db
        .selectFrom("master_categories")
        .where(sql`lower(name)`, "=", sql`lower(${name})`)
        .select(["id", "name"]);
      if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
      return query.executeTakeFirst();
    },

    /** The slugs that are `base` or `base-<anything>`: what a new slug must not clash with. */
    async slugsLike(base: string, exceptId?: string): Promise<string[]> {
      let query = db
        .selectFrom("master_categories")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base.slice(0, 195)}%`)]))
        .select("slug");
      if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
      const rows = await query.execute();
      return rows.map((row) => row.slug);
    },

    async insertCategory(row: Omit<Insertable<MasterCategoriesTable>, "position">): Promise<void> {
      await db
        .insertInto("master_categories")
        .values((eb) => ({
          ...row,
          position: eb.selectFrom("master_categories").select(sql<number>`coalesce(max(position), -1) + 1`.as("next")),
        }))
        .execute();
    },

    /** Changes a category; false when there is no such category. */
    async updateCategory(id: string, changes: Updateable<MasterCategoriesTable>): Promise<boolean> {
      const result = await db.updateTable("master_categories").set(changes).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every product of a category, active or not: the products that keep it from being deleted. */
    countCategoryProducts(id: string): Promise<number> {
      return countRows(db.selectFrom("products").where("master_category_id", "=", id));
    },

    /** Deletes a category that has no products; false when there is no such category. */
    async deleteCategory(id: string): Promise<boolean> {
      const result = await db.deleteFrom("master_categories").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findCategoryId(slug: string): Promise<string | undefined> {
      const row = await db.selectFrom("master_categories").where("slug", "=", slug).select("id").executeTakeFirst();
      return row?.id;
    },

    /**
     * The nicotine strengths or sizes the active products of a category are sold in, themselves
     * or as variants, with how many products have each.
     */
    async valueFacet(facet: "nicotine" | "size", categoryId?: string) {
      const rows = await db
        .selectFrom("product_facet_values as f")
        .innerJoin("products as p", "p.id", "f.product_id")
        .where("f.facet", "=", facet)
        .where(productFilter(engine, { categoryId }))
        .select(["f.value", sql<number | string>`count(*)`.as("n")])
        .groupBy("f.value")
        .orderBy("f.value")
        .execute();
      return rows.map((row) => ({ value: row.value, count: Number(row.n) }));
    },

    /** The values of one column among the active products of a category, with counts. */
    async facet(column: "brand" | "flavour_group" | "strain_type", categoryId?: string) {
      const rows = await db
        .selectFrom("products as p")
        .where(productFilter(engine, { categoryId }))
        .where(`p.${column}`, "is not", null)
        .select([`p.${column} as value`, sql<number | string>`count(*)`.as("n")])
        .groupBy(`p.${column}`)
        .orderBy(`p.${column}`)
        .execute();
      return rows.map((row) => ({ value: String(row.value), count: Number(row.n) }));
    },

    async priceRange(categoryId?: string): Promise<{ minCents: number; maxCents: number }> {
      const row = await db
        .selectFrom("products as p")
        .where(productFilter(engine, { categoryId }))
        .select((eb) => [eb.fn.min("p.unit_price_cents").as("low"), eb.fn.max("p.unit_price_cents").as("high")])
        .executeTakeFirstOrThrow();
      return { minCents: Number(row.low ?? 0), maxCents: Number(row.high ?? 0) };
    },

    countProducts(filter: ProductFilter): Promise<number> {
      return countRows(db.selectFrom("products as p").where(productFilter(engine, filter)));
    },

    /**
     * One page of a search with the number of matches counted up to `countLimit`: `total` is
     * exact up to it, else `countLimit` with `capped` (docs/decisions/019). Every list puts what
     * can be bought before what is sold nowhere, and a search's matches may all be in either part
     * (decision 085), so each part is counted apart, reading at most `countLimit` + 1 matches of
     * it from the full-text index. A part with that many or fewer is sorted from them; one with
     * more is walked in its order testing each product, which stops after a page because such
     * matches are common in it.
     */
    async searchProducts(
      filter: Omit<ProductFilter, "search">,
      terms: SearchTerm[],
      page: { offset: number; limit: number; sort?: ProductSort },
      countLimit: number,
    ): Promise<{ rows: Awaited<ReturnType<typeof listProducts>>; total: number; capped: boolean }> {
      const walk = (soldNowhere: boolean, at: typeof page) =>
        listProducts({ ...filter, soldNowhere, search: { terms, by: "scan" } }, at);
      const buyable = await searchMatches({ ...filter, soldNowhere: false }, terms, countLimit);
      if (buyable === "more") return { rows: await walk(false, page), total: countLimit, capped: true };
      // Featured and available products are never sold nowhere, nor those that ship to a state.
      const onlyBuyable = filter.featured === true || filter.inStock === true || filter.soldNowhere === false;
      const barred = onlyBuyable
        ? { count: 0, only: {} }
        : await searchMatches({ ...filter, soldNowhere: true }, terms, countLimit - buyable.count);
      if (barred !== "more") {
        const total = buyable.count + barred.count;
        if (total === 0) return { rows: [], total: 0, capped: false };
        const only =
          engine === "postgres"
            ? { ids: [...(buyable.only.ids ?? []), ...(barred.only.ids ?? [])] }
            : { rowids: [...(buyable.only.rowids ?? []), ...(barred.only.rowids ?? [])] };
        return { rows: await listProducts(only, page), total, capped: false };
      }
      // More matches than counted, nearly all sold nowhere: the buyable ones, then the others walked.
      const first = page.offset < buyable.count ? await listProducts(buyable.only, page) : [];
      const rest = page.limit - first.length;
      const then =
        rest > 0 ? await walk(true, { ...page, offset: Math.max(0, page.offset - buyable.count), limit: rest }) : [];
      return { rows: [...first, ...then], total: countLimit, capped: true };
    },

    listProducts,

    /** Decides which products are sold nowhere under the country-wide `bans` (all, or those among `ids`); how many changed. */
    markSoldNowhere: (bans: readonly ClassBan[], ids?: readonly string[]) => markSoldNowhere(db, bans, ids),

    /**
     * What an order needs of the variants among `ids` that are active, of active products (every
     * one of them, sold or not, with `anyState`: the staff screens), with their product's facts
     * and option names, read inside the caller's transaction.
     */
    async saleFacts(executor: Executor, ids: readonly string[], { anyState = false } = {}) {
      if (ids.length === 0) return [];
      return executor
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .where("v.id", "in", [...ids])
        .$if(!anyState, (query) => query.where("p.active", "=", 1).where("v.active", "=", 1))
        .select([
          "v.id",
          "v.product_id",
          "v.sku",
          "p.name",
          "v.price_cents",
          "v.selling_price_pcs_cents",
          "v.selling_price_box_cents",
          "v.pcs_per_pack",
          "v.pack_per_box",
          "v.stock",
          "v.option1",
          "v.option2",
          "v.option3",
          "v.distro_price_cents",
          "v.liquid_ml",
          "v.nicotine_mg_per_ml",
          "v.vape_system",
          "v.wholesale_cost_cents",
          "p.liquid",
          "p.delivery_available",
          "p.in_store_stock_available",
          "p.product_type",
          "p.brand",
          "p.flavour",
          "p.flavour_group",
          "p.nicotine_strength",
          "p.master_category_id",
        ])
        .select([optionName(0, "option1_name"), optionName(1, "option2_name"), optionName(2, "option3_name")])
        .select(regulatoryClassesColumn(engine))
        .execute();
    },

    /**
     * The cannabinoid figures of each COA of the variants among `ids`, the latest first (report
     * date, then the newest row): the compliance rules test the latest one's (docs/decisions/047).
     * A shared read of the lab results (table-owners.ts), in the caller's transaction.
     */
    async coaFigures(executor: Executor, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return executor
        .selectFrom("batches as b")
        .innerJoin("coas as c", "c.batch_id", "b.id")
        .where("b.variant_id", "in", [...ids])
        .select(["b.variant_id", "c.report_date", "c.delta9_thc_mpct", "c.thca_mpct", "c.thc_per_container_ug"])
        .orderBy("b.variant_id")
        .orderBy("c.report_date", "desc")
        .orderBy("c.created_at", "desc")
        .orderBy("c.id", "desc")
        .execute();
    },

    /**
     * Takes `pieces` from an active variant's stock only if that many are left (docs/decisions/032),
     * recording the movement (`cause`: the order) in the same transaction.
     */
    async takeStock(executor: Executor, id: string, pieces: number, at: string, cause: StockCause): Promise<boolean> {
      return (await moveStock(executor, id, -pieces, at, cause, { onlyActive: true })) !== null;
    },

    /** Puts `pieces` back on a variant's stock (an order cancelled or refunded before shipping), recording why. */
    async returnStock(executor: Executor, id: string, pieces: number, at: string, cause: StockCause): Promise<void> {
      await moveStock(executor, id, pieces, at, cause);
    },

    async findProduct(id: string) {
      return productsWithCategoryAndMainImage()
        .where("p.id", "=", id)
        .where("p.active", "=", 1)
        .selectAll("p")
        .select(summaryColumns)
        .select(regulatoryClassesColumn(engine))
        .executeTakeFirst();
    },

    /** Name, SKU and active flag of the products among `ids`, sold or not (other modules label their rows with these). */
    async productLabels(ids: string[]) {
      const rows = [];
      // A few hundred ids a query stays far below both engines' limit on bound parameters.
      for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        rows.push(
          ...(await db
            .selectFrom("products")
            .select(["id", "name", "sku", "active", "master_category_id"])
            .where("id", "in", chunk)
            .execute()),
        );
      }
      return rows;
    },

    /** The variants among `ids` that are active, with their option names and own pictures, by product and position. */
    sellableVariants(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("product_variants as v")
        .leftJoin("images as i", "i.key", "v.image_key")
        .where("v.id", "in", [...ids])
        .where("v.active", "=", 1)
        .selectAll("v")
        .select([
          "i.key as image_key",
          "i.width as image_width",
          "i.height as image_height",
          "i.widths as image_widths",
        ])
        .select([optionName(0, "option1_name"), optionName(1, "option2_name"), optionName(2, "option3_name")])
        .orderBy("v.product_id")
        .orderBy("v.position")
        .execute();
    },

    /**
     * The product of the variant whose SKU is `text` (as typed, or in capitals), if `text` is one
     * word that could be a SKU (with a digit or a dash, so that no plain word is taken for one):
     * lookups on the SKU's unique index.
     */
    async productOfSku(text: string): Promise<string | undefined> {
      const sku = text.trim();
      if (!/^[\p{L}\p{N}][\p{L}\p{N}._/-]{2,63}$/u.test(sku) || !/[\d-]/.test(sku)) return undefined;
      const row = await db
        .selectFrom("product_variants")
        .select("product_id")
        .where("sku", "in", [...new Set([sku, sku.toUpperCase()])])
        .executeTakeFirst();
      return row?.product_id;
    },

    async variantProducts(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom("product_variants")
        .select(["id", "product_id"])
        .where("id", "in", [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.product_id]));
    },

    /** How many active products the sitemaps list. */
    async sitemapProductCount(): Promise<number> {
      const row = await db
        .selectFrom("products")
        .where("active", "=", 1)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One keyset page of active products in id order, for a sitemap: from `from` (the id a
     * sitemap starts at, included) or after `after`. Without either, from the first product.
     */
    sitemapProducts(page: { from?: string; after?: string }, limit: number) {
      let query = db.selectFrom("products").where("active", "=", 1).select(["id", "updated_at"]);
      if (page.after !== undefined) query = query.where("id", ">", page.after);
      else if (page.from !== undefined) query = query.where("id", ">=", page.from);
      return query.orderBy("id").limit(limit).execute();
    },

    /** The id `offset` active products into the id order (where a product sitemap starts), if any. */
    async sitemapProductAt(offset: number): Promise<string | undefined> {
      const row = await db
        .selectFrom("products")
        .where("active", "=", 1)
        .select("id")
        .orderBy("id")
        .offset(offset)
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** The latest change among `count` active products from `from` on (a sitemap's lastmod). */
    async sitemapProductsChanged(from: string, count: number): Promise<string | null> {
      const row = await db
        .selectFrom((eb) =>
          eb
            .selectFrom("products")
            .where("active", "=", 1)
            .where("id", ">=", from)
            .select("updated_at")
            .orderBy("id")
            .limit(count)
            .as("chunk"),
        )
        .select((eb) => eb.fn.max("chunk.updated_at").as("changed"))
        .executeTakeFirst();
      return row?.changed ?? null;
    },

    listProductImages: (productId: string) => productImages(db, productId),

    /** A product's options in their order. */
    productOptions: (productId: string, executor: Executor = db) => productOptions(executor, productId),

    /** A product's variants for sale in their order, each with its picture. */
    productVariants: (productId: string) => productVariants(db, productId, { onlyActive: true }),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
