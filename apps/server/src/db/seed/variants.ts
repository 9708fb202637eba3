import { newId } from "../../lib/ids.ts";
import { recordMovements, type StockCause } from "../../modules/catalog/stock-repository.ts";
import {
  refreshListings,
  refreshVariantWords,
  type SaleColumns,
  variantUnitPrice,
} from "../../modules/catalog/variants-repository.ts";
import type { Executor } from "../database.ts";
import type { ProductsTable } from "../types.ts";

/** A seeded product's options and its variants besides its own (docs/decisions/093). */
export interface SeedVariants {
  options: { name: string; values: string[] }[];
  /** The option values of the product's own variant, whose SKU, prices and stock are the product's. */
  own: string[];
  /** Its other variants: their values, SKU and stock, and the prices that differ from the product's. */
  others: ({ options: string[]; sku: string; stock: number } & Partial<Omit<SaleColumns, "sku">>)[];
}

/**
 * Gives products just inserted (insertProducts) their options and other variants, each other
 * variant's count its first movement, then their listing and search words again: how the demo
 * and the benches' catalogue come with variants.
 */
export async function seedVariants(
  trx: Executor,
  products: readonly { product: ProductsTable; variants: SeedVariants }[],
  cause: StockCause,
): Promise<void> {
  if (products.length === 0) return;
  const options = products.flatMap(({ product, variants }) =>
    variants.options.map((option, position) => ({
      product_id: product.id,
      position,
      name: option.name,
      option_values: JSON.stringify(option.values),
    })),
  );
  for (let start = 0; start < options.length; start += 300) {
    await trx
      .insertInto("product_options")
      .values(options.slice(start, start + 300))
      .execute();
  }
  for (const { product, variants } of products) {
    const [option1 = null, option2 = null, option3 = null] = variants.own;
    await trx.updateTable("product_variants").set({ option1, option2, option3 }).where("id", "=", product.id).execute();
  }
  const others = products.flatMap(({ product, variants }) =>
    variants.others.map((other, index) => {
      const [option1 = null, option2 = null, option3 = null] = other.options;
      const sale: SaleColumns = {
        sku: other.sku,
        price_cents: other.price_cents === undefined ? product.price_cents : other.price_cents,
        distro_price_cents:
          other.distro_price_cents === undefined ? product.distro_price_cents : other.distro_price_cents,
        selling_price_pcs_cents:
          other.selling_price_pcs_cents === undefined ? product.selling_price_pcs_cents : other.selling_price_pcs_cents,
        selling_price_box_cents:
          other.selling_price_box_cents === undefined ? product.selling_price_box_cents : other.selling_price_box_cents,
        pcs_per_pack: other.pcs_per_pack === undefined ? product.pcs_per_pack : other.pcs_per_pack,
        pack_per_box: other.pack_per_box === undefined ? product.pack_per_box : other.pack_per_box,
      };
      return {
        id: newId(Date.parse(product.created_at)),
        product_id: product.id,
        position: index + 1,
        option1,
        option2,
        option3,
        ...sale,
        stock: other.stock,
        active: 1 as const,
        unit_price_cents: variantUnitPrice(sale),
        created_at: product.created_at,
        updated_at: product.updated_at,
      };
    }),
  );
  for (let start = 0; start < others.length; start += 300) {
    await trx
      .insertInto("product_variants")
      .values(others.slice(start, start + 300))
      .execute();
  }
  await recordMovements(
    trx,
    others.map((variant) => ({
      id: variant.id,
      productId: variant.product_id,
      change: variant.stock,
      stockAfter: variant.stock,
    })),
    new Date().toISOString(),
    cause,
  );
  const ids = products.map(({ product }) => product.id);
  await refreshListings(trx, ids);
  await refreshVariantWords(trx, ids);
}
