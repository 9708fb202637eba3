import { newId } from "../../lib/ids.ts";
import { derivedProductColumns } from "../../modules/catalog/derived-columns.ts";
import { recordOpeningStock } from "../../modules/catalog/stock-repository.ts";
import { insertProducts } from "../../modules/catalog/variants-repository.ts";
import type { Db } from "../database.ts";
import { CATALOG_TABLES, refreshStatistics } from "../statistics.ts";
import type { ProductsTable } from "../types.ts";
import { demoProducts } from "./demo-catalog.ts";
import { seedVariants } from "./variants.ts";

const BATCH = 500;
const adjectives = ["Classic", "Ultra", "Mini", "Max", "Pro", "Reserve", "Select", "Prime", "Lite", "Plus"];

/** The sizes a generated product with variants comes in, its own variant the first. */
const SIZES = ["Regular", "Large", "Family", "Bulk", "Sampler"];

/**
 * Fills a large catalogue for benchmarks: `count` products made from variations of the demo
 * products (same categories, brands, flavours and pictures), inserted in batches; with
 * `variants` above 1, each in that many sizes (an option "Size", every variant with its own SKU,
 * price and stock). Needs the demo shop loaded first. Ends with fresh planner statistics
 * (decision 063).
 */
export async function seedBulkProducts(
  db: Db,
  count: number,
  progress?: (done: number) => void,
  options: { statistics?: "refresh" | "leave"; variants?: number } = {},
): Promise<void> {
  const variants = Math.min(options.variants ?? 1, SIZES.length);
  const categories = new Map(
    (await db.kysely.selectFrom("master_categories").select(["id", "slug"]).execute()).map((row) => [row.slug, row.id]),
  );
  const pictures = new Map(
    (
      await db.kysely
        .selectFrom("product_images as pi")
        .innerJoin("products as p", "p.id", "pi.product_id")
        .where("pi.position", "=", 0)
        .select(["p.sku", "pi.image_key"])
        .execute()
    ).map((row) => [row.sku, row.image_key]),
  );
  const runTag = Date.now().toString(36).toUpperCase();
  const start = Date.now() - count * 60_000;

  for (let offset = 0; offset < count; offset += BATCH) {
    const rows: ProductsTable[] = [];
    const images: { id: string; product_id: string; image_key: string; position: number; alt: string }[] = [];
    const classes: { product_id: string; class: (typeof demoProducts)[number]["regulatoryClasses"][number] }[] = [];
    for (let i = offset; i < Math.min(offset + BATCH, count); i++) {
      const base = demoProducts[i % demoProducts.length];
      if (!base) continue;
      const categoryId = categories.get(base.category);
      if (!categoryId) throw new Error("Load the demo shop before generating products (npm run db:seed).");
      const variant = adjectives[Math.floor(i / demoProducts.length) % adjectives.length];
      const stamp = new Date(start + i * 60_000).toISOString();
      const priceShift = (i % 7) * 50;
      const id = newId(start + i * 60_000);
      const row: Omit<ProductsTable, "search_text" | "unit_price_cents" | "max_unit_price_cents" | "variant_count"> = {
        id,
        sku: `GEN-${runTag}-${String(i + 1).padStart(7, "0")}`,
        name: `${base.name} ${variant} #${i + 1}`,
        product_type: base.productType,
        description: base.description,
        featured: 0,
        master_category_id: categoryId,
        brand: base.brand,
        strain_name: base.strainName,
        strain_type: base.strainType,
        flavour: base.flavour,
        flavour_group: base.flavourGroup,
        size: base.size,
        weight: base.weight,
        battery: base.battery,
        liquid: base.liquid,
        nicotine_strength: base.nicotineStrength,
        nicotine_strength_detail: base.nicotineStrengthDetail,
        puffs_9000_per_device: base.puffs9000PerDevice ? 1 : 0,
        coil: base.coil,
        type_c_rechargeable_port: base.typeCRechargeablePort ? 1 : 0,
        price_cents: base.priceCents + priceShift,
        distro_price_cents: base.distroPriceCents,
        selling_price_pcs_cents: base.sellingPricePcsCents === null ? null : base.sellingPricePcsCents + priceShift,
        selling_price_box_cents: base.sellingPriceBoxCents,
        pcs_per_pack: base.pcsPerPack,
        pack_per_box: base.packPerBox,
        delivery_available: base.deliveryAvailable ? 1 : 0,
        in_store_stock_available: base.inStoreStockAvailable ? 1 : 0,
        stock: (i * 37) % 400,
        active: 1,
        created_at: stamp,
        updated_at: stamp,
      };
      rows.push({ ...row, ...derivedProductColumns(row) });
      for (const code of base.regulatoryClasses) classes.push({ product_id: id, class: code });
      const picture = pictures.get(base.sku);
      if (picture) images.push({ id: newId(), product_id: id, image_key: picture, position: 0, alt: base.name });
    }
    await db.kysely.transaction().execute(async (trx) => {
      await insertProducts(trx, rows);
      if (images.length > 0) await trx.insertInto("product_images").values(images).execute();
      await trx.insertInto("product_regulatory_classes").values(classes).execute();
      await recordOpeningStock(trx, rows, new Date().toISOString(), { kind: "import", note: "Generated catalogue" });
      if (variants > 1) {
        const values = SIZES.slice(0, variants);
        await seedVariants(
          trx,
          rows.map((product) => ({
            product,
            variants: {
              options: [{ name: "Size", values }],
              own: [values[0] as string],
              others: values.slice(1).map((value, index) => ({
                options: [value],
                sku: `${product.sku}-${value.toUpperCase()}`,
                stock: (product.stock + index * 13) % 400,
                price_cents: product.price_cents === null ? null : product.price_cents + (index + 1) * 500,
                selling_price_pcs_cents:
                  product.selling_price_pcs_cents === null ? null : product.selling_price_pcs_cents + (index + 1) * 500,
              })),
            },
          })),
          { kind: "import", note: "Generated catalogue" },
        );
      }
    });
    progress?.(Math.min(offset + BATCH, count));
  }
  // "leave" only for the benchmark that measures the state before (bench/fresh-statistics.ts).
  if (options.statistics !== "leave") await refreshStatistics(db, CATALOG_TABLES);
}
