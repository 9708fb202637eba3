import type {
  MasterCategory,
  Product,
  ProductFacets,
  ProductList,
  ProductListQuery,
  ProductSummary,
  VariantSummary,
} from "@shop/shared";
import {
  type ClassBan,
  type ComplianceLine,
  type ExciseFacts,
  exciseFacts,
  productNotFoundMessage,
  SEARCH_COUNT_LIMIT,
  searchTerms,
  sortRegulatoryClasses,
  totalThcMilliPercent,
  type VariantOption,
  variantAttributes,
  variantClasses,
} from "@shop/shared";
import { NotFound } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import type { Executor } from "../../db/database.ts";
import type { ProductsTable } from "../../db/types.ts";
import type { SharedState } from "../../lib/shared-state.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import { type ImageRow, joinedImage, toImage } from "../images/service.ts";
import { DEFAULT_CATEGORY_IMAGE_KEY } from "./placeholder.ts";
import type { CatalogRepository, ProductFilter } from "./repository.ts";
import type { StockActor } from "./stock-repository.ts";
import { variantOptions } from "./variants-repository.ts";

/** What a product sells at and how: its prices, pack sizes, stock, and whether it ships. */
function saleTerms(
  row: Pick<
    ProductsTable,
    | "price_cents"
    | "selling_price_pcs_cents"
    | "selling_price_box_cents"
    | "pcs_per_pack"
    | "pack_per_box"
    | "stock"
    | "delivery_available"
  >,
) {
  return {
    priceCents: row.price_cents,
    sellingPricePcsCents: row.selling_price_pcs_cents,
    sellingPriceBoxCents: row.selling_price_box_cents,
    pcsPerPack: row.pcs_per_pack,
    packPerBox: row.pack_per_box,
    stock: row.stock,
    deliveryAvailable: row.delivery_available === 1,
  };
}

type SummaryRow = Awaited<ReturnType<CatalogRepository["listProducts"]>>[number];

function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    productType: row.product_type,
    brand: row.brand,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    flavour: row.flavour,
    strainType: row.strain_type,
    nicotineStrength: row.nicotine_strength,
    featured: row.featured === 1,
    ...saleTerms(row),
    soldNowhere: row.sold_nowhere === 1,
    image: joinedImage(row, row.image_alt || row.name),
    variantCount: row.variant_count,
    firstOption:
      row.first_option_name === null ? null : { name: row.first_option_name, values: Number(row.first_option_values) },
    unitPriceRange: { minCents: row.unit_price_cents, maxCents: row.max_unit_price_cents },
    regulatoryClasses: sortRegulatoryClasses((row.regulatory_classes ?? "").split(" ")),
  };
}

type CategoryRow = Awaited<ReturnType<CatalogRepository["listCategories"]>>[number];

export function toMasterCategory(row: CategoryRow): MasterCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: joinedImage(row, row.name),
    imageIsPlaceholder: row.image_key === DEFAULT_CATEGORY_IMAGE_KEY,
    productCount: Number(row.product_count ?? 0),
  };
}

/** A product as another module's rows name it. */
export interface ProductLabel {
  id: string;
  name: string;
  sku: string;
  /** Active: sold in the shop. */
  available: boolean;
  categoryId: string;
}

export interface CatalogOptions {
  /**
   * How long a product list answer may be reused. Every visitor asks for the same few pages;
   * a few seconds of reuse lets one database read serve them all (docs/decisions/007).
   */
  listCacheMs: number;
  /** Tells every instance that products or categories changed, so each drops its cached lists. */
  changes: Pick<SharedState, "publish" | "subscribe">;
  /**
   * The country-wide bans in force today (compliance.bansEverywhereToday): what makes a product
   * sold nowhere. Given, as the "ships to" bans are, since this module reads no rules (decision 049).
   */
  countryBans: () => Promise<ClassBan[]>;
  now?: () => Date;
}

/** The order a stock change belongs to, and who made it (none: the shop's own job). */
export interface OrderStockCause {
  order: { id: string; number: string };
  actor: StockActor | null;
}

/** A product as an order prices and counts it. */
/** What is sold: a variant (the product's own has the product's id; docs/decisions/093). */
export interface SaleFacts {
  /** The variant's id. */
  id: string;
  productId: string;
  sku: string;
  /** The product's name. */
  name: string;
  /** The variant's option values, named; empty for a product without options. */
  options: VariantOption[];
  priceCents: number | null;
  sellingPricePcsCents: number | null;
  sellingPriceBoxCents: number | null;
  pcsPerPack: number | null;
  packPerBox: number | null;
  stock: number;
  deliveryAvailable: boolean;
  inStoreStockAvailable: boolean;
  /** Its category: what a discount code may be limited to. */
  categoryId: string;
  /** What the compliance rules look at: the product's regulatory classes and the attributes conditions test. */
  compliance: ComplianceLine;
  /** What the excise taxes need of one piece (docs/decisions/096). */
  excise: ExciseFacts;
  /**
   * The spec's DistroPrice per piece: what an approved wholesale account pays (docs/decisions/102).
   * Staff data: checkout prices with it and never answers it to anyone else (decision 005).
   */
  distroPriceCents: number | null;
}

/** The longest a product count is kept when no change has been heard of (decision 068). */
const COUNT_CACHE_MS = 60_000;

export function createCatalogService(repository: CatalogRepository, options: CatalogOptions) {
  const now = options.now ?? (() => new Date());
  /** The day every product's "sold nowhere" was last decided for, on this instance. */
  let decidedOn: string | null = null;
  let deciding: Promise<void> | null = null;

  /**
   * Decides which products (all, or those among `ids`) are sold nowhere today, and tells every
   * instance when any changed, so that no cached list still offers one (docs/decisions/080).
   */
  async function decideSoldNowhere(ids?: readonly string[]): Promise<void> {
    const on = dayOf(now());
    const changed = await repository.markSoldNowhere(await options.countryBans(), ids);
    if (ids === undefined) decidedOn = on;
    if (changed > 0) options.changes.publish("catalog");
  }

  /**
   * Before the storefront reads products: once a day on each instance, every product decided
   * again, since a rule may start or end on any day. Changes of rules, COAs and products decide
   * theirs as they happen (decideSoldNowhere).
   */
  function soldNowhereDecidedToday(): Promise<void> {
    if (decidedOn === dayOf(now())) return Promise.resolve();
    deciding ??= decideSoldNowhere().finally(() => {
      deciding = null;
    });
    return deciding;
  }

  /**
   * Sale facts with what the rules look at: the classes, the words conditions test and the latest
   * COA's THC figures in thousandths of a percent (none without a COA; docs/decisions/047).
   */
  async function readSaleFacts(
    executor: Executor,
    ids: readonly string[],
    { anyState = false }: { anyState?: boolean } = {},
  ): Promise<Map<string, SaleFacts>> {
    const unique = [...new Set(ids)];
    // One after the other: SQLite's one connection takes a transaction's queries in turn.
    const rows = await repository.saleFacts(executor, unique, { anyState });
    const coas = await repository.coaFigures(executor, unique);
    const latest = new Map<string, (typeof coas)[number]>();
    for (const coa of coas) if (!latest.has(coa.variant_id)) latest.set(coa.variant_id, coa);
    return new Map(
      rows.map((row) => {
        const coa = latest.get(row.id);
        const options = variantOptions(row);
        // A variant's own nicotine strength and flavour decide for it (docs/decisions/093).
        const own = variantAttributes(options);
        const classes = variantClasses(sortRegulatoryClasses((row.regulatory_classes ?? "").split(" ")), own);
        return [
          row.id,
          {
            id: row.id,
            productId: row.product_id,
            sku: row.sku,
            name: row.name,
            options,
            ...saleTerms(row),
            inStoreStockAvailable: row.in_store_stock_available === 1,
            categoryId: row.master_category_id,
            compliance: {
              classes,
              attributes: {
                flavour: own.flavour ?? row.flavour,
                flavourGroup: row.flavour_group,
                productType: row.product_type,
                brand: row.brand,
                nicotineStrength: own.nicotineStrength ?? row.nicotine_strength,
                delta9Thc: coa?.delta9_thc_mpct ?? null,
                totalThc: coa ? totalThcMilliPercent(coa.delta9_thc_mpct, coa.thca_mpct) : null,
                thcPerContainer: coa?.thc_per_container_ug ?? null,
              },
            },
            excise: exciseFacts({
              classes,
              options,
              liquidMl: row.liquid_ml,
              nicotineMgPerMl: row.nicotine_mg_per_ml,
              system: row.vape_system,
              wholesaleCostCents: row.wholesale_cost_cents,
              liquidText: row.liquid,
              nicotineText: row.nicotine_strength,
              productType: row.product_type,
              distroPriceCents: row.distro_price_cents,
            }),
            distroPriceCents: row.distro_price_cents,
          },
        ];
      }),
    );
  }

  const lists = createTtlCache<ProductList>({ ttlMs: options.listCacheMs, maxEntries: 1000 });
  const facets = createTtlCache<ProductFacets>({ ttlMs: options.listCacheMs, maxEntries: 100 });
  // Every storefront page shows the categories with their product counts.
  const categories = createTtlCache<MasterCategory[]>({ ttlMs: options.listCacheMs, maxEntries: 1 });
  // How many products a filter matches: counting 100,000 took 2 ms, more than reading a page, and
  // the number changes only with the catalogue (decision 068). Kept until a change, or a minute at
  // most for a change made on another instance that could not say so (no Redis, or Redis away).
  const counts = createTtlCache<number>({ ttlMs: COUNT_CACHE_MS, maxEntries: 1000 });
  options.changes.subscribe("catalog", () => {
    lists.clear();
    facets.clear();
    categories.clear();
    counts.clear();
  });

  /**
   * "Ships to my state": what a country-wide ban takes in is already marked sold nowhere, by the
   * same SQL (decision 080), so those bans become one indexed column and only the state's own are
   * tested product by product (at 100,000 products, decision 085).
   */
  async function shipsToFilter(bans: readonly ClassBan[]): Promise<Pick<ProductFilter, "bans" | "soldNowhere">> {
    const everywhere = new Set((await options.countryBans()).map((ban) => JSON.stringify(ban)));
    return { bans: bans.filter((ban) => !everywhere.has(JSON.stringify(ban))), soldNowhere: false };
  }

  async function loadList(query: ProductListQuery, bans: readonly ClassBan[] | undefined): Promise<ProductList> {
    await soldNowhereDecidedToday();
    const page = { totalPages: 0, currentPage: query.page, productsPerPage: query.limit, totalProductsCapped: false };
    const empty = { items: [], totalProducts: 0, ...page };
    let categoryId: string | undefined;
    if (query.category !== undefined) {
      categoryId = await repository.findCategoryId(query.category);
      if (categoryId === undefined) return empty;
    }
    // A SKU typed whole (one word, as printed on a label) finds the product that sells it, through
    // the SKU's unique index, as no search word could (decision 093).
    const skuOf = query.q === undefined ? undefined : await repository.productOfSku(query.q);
    const terms = query.q === undefined || skuOf !== undefined ? [] : searchTerms(query.q);
    // Something typed with nothing to search by (punctuation, one-letter words) finds nothing.
    if (query.q !== undefined && query.q.trim() !== "" && terms.length === 0 && skuOf === undefined) return empty;
    const filter: ProductFilter = {
      ...(skuOf === undefined ? {} : { ids: [skuOf] }),
      categoryId,
      featured: query.featured,
      brand: query.brand,
      flavourGroup: query.flavour,
      strainType: query.strain,
      nicotineStrength: query.nicotine,
      size: query.size,
      puffs9000: query.puffs9000,
      inStock: query.inStock,
      minPriceCents: query.minPrice,
      maxPriceCents: query.maxPrice,
      ...(bans === undefined ? {} : await shipsToFilter(bans)),
    };
    const pageOf = { offset: (query.page - 1) * query.limit, limit: query.limit, sort: query.sort };
    const answer = (rows: SummaryRow[], totalProducts: number, totalProductsCapped: boolean): ProductList => ({
      items: rows.map(toSummary),
      totalProducts,
      ...page,
      totalProductsCapped,
      totalPages: Math.ceil(totalProducts / query.limit),
    });

    if (terms.length === 0) {
      const [totalProducts, rows] = await Promise.all([
        counts.get(JSON.stringify(filter), () => repository.countProducts(filter)),
        repository.listProducts(filter, pageOf),
      ]);
      return answer(rows, totalProducts, false);
    }
    // A search counts up to SEARCH_COUNT_LIMIT matches, then says "more than" (docs/decisions/019).
    const { rows, total, capped } = await repository.searchProducts(filter, terms, pageOf, SEARCH_COUNT_LIMIT);
    return answer(rows, total, capped);
  }

  return {
    /** The categories with their active product counts; cached like lists. */
    listCategories(): Promise<MasterCategory[]> {
      return categories.get("all", async () => {
        const rows = await repository.listCategories();
        return rows.map(toMasterCategory);
      });
    },

    /**
     * Active products, newest first, a page at a time; answers may be up to listCacheMs old. With
     * `shipsTo`, the caller gives the bans in force for that state (compliance.bansFor): this
     * module reads no rules (docs/decisions/049).
     */
    listProducts(query: ProductListQuery, bans?: readonly ClassBan[]): Promise<ProductList> {
      if ((query.shipsTo === undefined) !== (bans === undefined)) {
        throw new Error("listProducts: shipsTo and its bans come together (compliance.bansFor).");
      }
      return lists.get(JSON.stringify([query, bans]), () => loadList(query, bans));
    },

    /** The filter values of a category (or the whole shop), with counts; cached like lists. */
    facets(categorySlug: string | undefined): Promise<ProductFacets> {
      return facets.get(categorySlug ?? "", async () => {
        const categoryId = categorySlug === undefined ? undefined : await repository.findCategoryId(categorySlug);
        if (categorySlug !== undefined && categoryId === undefined) {
          return {
            brands: [],
            flavours: [],
            strains: [],
            nicotine: [],
            sizes: [],
            price: { minCents: 0, maxCents: 0 },
            puffs9000: 0,
          };
        }
        const [brands, flavours, strains, nicotine, sizes, price, puffs9000] = await Promise.all([
          repository.facet("brand", categoryId),
          repository.facet("flavour_group", categoryId),
          repository.facet("strain_type", categoryId),
          repository.valueFacet("nicotine", categoryId),
          repository.valueFacet("size", categoryId),
          repository.priceRange(categoryId),
          repository.countProducts({ categoryId, puffs9000: true }),
        ]);
        return { brands, flavours, strains, nicotine, sizes, price, puffs9000 };
      });
    },

    /** Other active products of the same category, newest first, for "You may also like". */
    async relatedProducts(product: Pick<Product, "id" | "category">, limit = 4): Promise<ProductSummary[]> {
      await soldNowhereDecidedToday();
      const rows = await repository.listProducts({ categoryId: product.category.id }, { offset: 0, limit: limit + 1 });
      return rows
        .map(toSummary)
        .filter((candidate) => candidate.id !== product.id)
        .slice(0, limit);
    },

    /** Product pages for the sitemaps (decision 063): see sitemap.ts. */
    sitemapProductCount: () => repository.sitemapProductCount(),
    sitemapProductAt: (offset: number) => repository.sitemapProductAt(offset),
    sitemapProductsChanged: (from: string, count: number) => repository.sitemapProductsChanged(from, count),
    async sitemapProducts(
      page: { from?: string; after?: string },
      limit: number,
    ): Promise<{ id: string; updatedAt: string }[]> {
      const rows = await repository.sitemapProducts(page, limit);
      return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
    },

    /** The active products among `ids`, fresh from the database (carts check prices with this). */
    async productsByIds(ids: string[]): Promise<ProductSummary[]> {
      await soldNowhereDecidedToday();
      const rows = await repository.listProducts({ ids }, { offset: 0, limit: ids.length });
      return rows.map(toSummary);
    },

    /**
     * The variants among `ids` that are for sale (active, of an active product), each as its
     * product's card with the variant's SKU, prices, stock and picture: what a cart refresh needs.
     */
    async variantsByIds(ids: string[]): Promise<VariantSummary[]> {
      await soldNowhereDecidedToday();
      const variants = await repository.sellableVariants(ids);
      const products = new Map(
        (
          await repository.listProducts(
            { ids: [...new Set(variants.map((row) => row.product_id))] },
            { offset: 0, limit: ids.length },
          )
        ).map((row) => [row.id, toSummary(row)]),
      );
      return variants.flatMap((row) => {
        const product = products.get(row.product_id);
        if (!product) return [];
        return [
          {
            ...product,
            variantId: row.id,
            options: variantOptions(row),
            sku: row.sku,
            priceCents: row.price_cents,
            sellingPricePcsCents: row.selling_price_pcs_cents,
            sellingPriceBoxCents: row.selling_price_box_cents,
            pcsPerPack: row.pcs_per_pack,
            packPerBox: row.pack_per_box,
            stock: row.stock,
            image: joinedImage(row, product.name) ?? product.image,
          },
        ];
      });
    },

    /** The product of each variant among `ids` that exists (the lab results check a batch's variant). */
    variantProducts: (ids: readonly string[]) => repository.variantProducts(ids),

    /**
     * Name, SKU and whether it is sold, of every product among `ids` that exists (active or not),
     * by id: how other modules (lab results) name and check the products their rows point to.
     */
    async productLabels(ids: readonly string[]): Promise<Map<string, ProductLabel>> {
      const rows = await repository.productLabels([...new Set(ids)]);
      return new Map(
        rows.map((row) => [
          row.id,
          { id: row.id, name: row.name, sku: row.sku, available: row.active === 1, categoryId: row.master_category_id },
        ]),
      );
    },

    /**
     * What an order needs of the active products among `ids` (prices, pack counts, stock, whether
     * it ships), read inside checkout's transaction: other modules never read products.
     */
    async saleFacts(executor: Executor, ids: readonly string[]): Promise<Map<string, SaleFacts>> {
      return readSaleFacts(executor, ids);
    },

    /**
     * What the compliance rules look at on each product among `ids`, sold or not (the staff
     * screens say when a product cannot be sold anywhere, and why).
     */
    async complianceLines(ids: readonly string[]): Promise<Map<string, ComplianceLine>> {
      const facts = await readSaleFacts(repository.db, ids, { anyState: true });
      return new Map([...facts].map(([id, fact]) => [id, fact.compliance]));
    },

    /**
     * Takes pieces from stock only where that many are left; false when not (nothing changed).
     * Every change is a stock movement naming its order (docs/decisions/034).
     */
    takeStock: (executor: Executor, id: string, pieces: number, at: string, cause: OrderStockCause) =>
      repository.takeStock(executor, id, pieces, at, { ...cause, kind: "order" }),

    /** Puts pieces back: an order cancelled, or refunded before its goods left. */
    returnStock: (
      executor: Executor,
      id: string,
      pieces: number,
      at: string,
      cause: OrderStockCause & { kind: "cancellation" | "refund" },
    ) => repository.returnStock(executor, id, pieces, at, cause),

    /**
     * Decides again whether products are sold nowhere: every product after a change of the rules
     * (none given), or the products among `ids` after a change of theirs or of their COAs.
     */
    decideSoldNowhere,

    /** Call after any change to products or categories, so that every instance shows it at once. */
    forgetLists(): void {
      options.changes.publish("catalog");
    },

    /** An active product with all its images; NotFound with the spec's message otherwise. */
    async getProduct(id: string): Promise<Product> {
      await soldNowhereDecidedToday();
      const row = await repository.findProduct(id);
      if (!row) throw new NotFound(productNotFoundMessage(id));
      const images = await repository.listProductImages(id);
      const options = await repository.productOptions(id);
      const variants = await repository.productVariants(id);
      return {
        ...toSummary(row),
        description: row.description,
        strainName: row.strain_name,
        flavourGroup: row.flavour_group,
        size: row.size,
        weight: row.weight,
        battery: row.battery,
        liquid: row.liquid,
        nicotineStrengthDetail: row.nicotine_strength_detail,
        puffs9000PerDevice: row.puffs_9000_per_device === 1,
        coil: row.coil,
        typeCRechargeablePort: row.type_c_rechargeable_port === 1,
        deliveryAvailable: row.delivery_available === 1,
        inStoreStockAvailable: row.in_store_stock_available === 1,
        images: images.map((image: ImageRow & { alt: string }) => toImage(image, image.alt || row.name)),
        options,
        variants: variants.map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          options: [variant.option1, variant.option2, variant.option3].slice(0, options.length).map(String),
          priceCents: variant.price_cents,
          sellingPricePcsCents: variant.selling_price_pcs_cents,
          sellingPriceBoxCents: variant.selling_price_box_cents,
          pcsPerPack: variant.pcs_per_pack,
          packPerBox: variant.pack_per_box,
          stock: variant.stock,
          image: joinedImage(variant, row.name),
        })),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
