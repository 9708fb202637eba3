import {
  type AdminProductVariants,
  centsToDollars,
  type ProductVariants,
  type User,
  type VariantInput,
} from "@shop/shared";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { AuditRecorder } from "../audit/service.ts";
import { joinedImage } from "../images/service.ts";
import { productOptions } from "./repository.ts";
import { moveStock, recordMovements, type StockRepository } from "./stock-repository.ts";
import { type VariantColumns, type VariantsRepository, variantUnitPrice } from "./variants-repository.ts";

type VariantRow = Awaited<ReturnType<VariantsRepository["variants"]>>[number];

/** A variant's columns from a row of the grid, at its position, with the product's options. */
function columnsOf(variant: VariantInput, position: number): VariantColumns {
  const [option1 = null, option2 = null, option3 = null] = variant.options;
  return {
    position,
    option1,
    option2,
    option3,
    sku: variant.sku,
    price_cents: variant.priceCents,
    distro_price_cents: variant.distroPriceCents,
    selling_price_pcs_cents: variant.sellingPricePcsCents,
    selling_price_box_cents: variant.sellingPriceBoxCents,
    pcs_per_pack: variant.pcsPerPack,
    pack_per_box: variant.packPerBox,
    active: variant.active ? 1 : 0,
    // The excise facts, where given (left out: unchanged).
    ...(variant.liquidMl === undefined ? {} : { liquid_ml: variant.liquidMl }),
    ...(variant.nicotineMgPerMl === undefined ? {} : { nicotine_mg_per_ml: variant.nicotineMgPerMl }),
    ...(variant.vapeSystem === undefined ? {} : { vape_system: variant.vapeSystem }),
    ...(variant.wholesaleCostCents === undefined ? {} : { wholesale_cost_cents: variant.wholesaleCostCents }),
  };
}

/** A variant as the audit log shows it: its options, SKU, prices in dollars and state. */
export function auditValues(row: VariantColumns): Record<string, string> {
  const dollars = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
  return {
    Options: [row.option1, row.option2, row.option3].filter((value) => value !== null).join(" / "),
    Sku: row.sku,
    Price: dollars(row.price_cents),
    DistroPrice: dollars(row.distro_price_cents),
    SellingPricePCS: dollars(row.selling_price_pcs_cents),
    SellingPriceBox: dollars(row.selling_price_box_cents),
    PcsPerPack: row.pcs_per_pack === null ? "" : String(row.pcs_per_pack),
    PackPerBox: row.pack_per_box === null ? "" : String(row.pack_per_box),
    Active: row.active === 1 ? "true" : "false",
    LiquidMl: thousandthsText(row.liquid_ml),
    NicotineMgPerMl: thousandthsText(row.nicotine_mg_per_ml),
    VapeSystem: row.vape_system ?? "",
    WholesaleCost: dollars(row.wholesale_cost_cents ?? null),
  };
}

/** Thousandths as a plain number ("10", "2.5"); "" for none. */
const thousandthsText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value / 1000);

/**
 * Staff's options and variants of a product (docs/decisions/093): read for the grid, and saved
 * at once, in one transaction that holds the product first, as every stock change does.
 */
export function createVariantsService(
  repo: VariantsRepository,
  deps: {
    stock: StockRepository;
    audit: AuditRecorder;
    forgetLists: () => void;
    decideSoldNowhere: (ids: string[]) => Promise<void>;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());

  async function read(productId: string, executor: Executor = repo.db): Promise<AdminProductVariants> {
    const name = await repo.productName(executor, productId);
    if (name === undefined) throw new NotFound(`product with id ${productId} not found.`);
    // One after the other: SQLite's one connection takes a transaction's queries in turn.
    const options = await productOptions(executor, productId);
    const rows = await repo.variants(productId, executor);
    return {
      options,
      variants: rows.map((row) => ({
        id: row.id,
        own: row.id === productId,
        options: [row.option1, row.option2, row.option3].slice(0, options.length).map(String),
        sku: row.sku,
        priceCents: row.price_cents,
        distroPriceCents: row.distro_price_cents,
        sellingPricePcsCents: row.selling_price_pcs_cents,
        sellingPriceBoxCents: row.selling_price_box_cents,
        pcsPerPack: row.pcs_per_pack,
        packPerBox: row.pack_per_box,
        stock: row.stock,
        active: row.active === 1,
        image: joinedImage(row, name),
        liquidMl: row.liquid_ml,
        nicotineMgPerMl: row.nicotine_mg_per_ml,
        vapeSystem: row.vape_system,
        wholesaleCostCents: row.wholesale_cost_cents,
      })),
    };
  }

  /** Refused in words, at the field: ids not of this product, the own variant left out, SKUs of others, lab results removed. */
  async function checkAgainstStored(
    trx: Executor,
    productId: string,
    input: ProductVariants,
    stored: VariantRow[],
  ): Promise<string[]> {
    const known = new Set(stored.map((row) => row.id));
    const fields: Record<string, string> = {};
    input.variants.forEach((variant, index) => {
      if (variant.id !== undefined && !known.has(variant.id)) {
        fields[`variants.${index}.id`] = "is not a variant of this product";
      }
    });
    if (!input.variants.some((variant) => variant.id === productId)) {
      fields.variants = "must keep the product's own variant (the first one it was created with)";
    }
    const taken = await repo.skusOfOthers(
      trx,
      productId,
      input.variants.map((variant) => variant.sku),
    );
    input.variants.forEach((variant, index) => {
      if (taken.has(variant.sku)) fields[`variants.${index}.sku`] = "is already the SKU of another product";
    });
    const kept = new Set(input.variants.map((variant) => variant.id));
    const removed = stored.filter((row) => !kept.has(row.id)).map((row) => row.id);
    const withLabResults = await repo.withBatches(trx, removed);
    if (withLabResults.size > 0) {
      const skus = stored.filter((row) => withLabResults.has(row.id)).map((row) => row.sku);
      fields.variants = `${skus.join(", ")} ${skus.length === 1 ? "has" : "have"} lab results (COAs): set ${skus.length === 1 ? "it" : "them"} inactive instead of removing ${skus.length === 1 ? "it" : "them"}`;
    }
    const [first] = Object.values(fields);
    if (first !== undefined) throw new Invalid(first, { fields });
    return removed;
  }

  return {
    read: (productId: string) => read(productId),

    /**
     * Saves the product's options and variants as given: rows with an id change that variant, rows
     * without one add a variant (its count its first movement), and variants left out are removed
     * (never the product's own, nor one with lab results). A count given is set as an adjustment
     * from the count now. Nothing is written when anything is refused.
     */
    async save(productId: string, input: ProductVariants, actor: User): Promise<AdminProductVariants> {
      const at = now().toISOString();
      const who = recordedActor(actor);
      await repo.db.transaction().execute(async (trx) => {
        const name = await repo.productName(trx, productId);
        if (name === undefined) throw new NotFound(`product with id ${productId} not found.`);
        await repo.holdProducts(trx, [productId]);
        const stored = await repo.variants(productId, trx);
        const optionsBefore = await productOptions(trx, productId);
        const removed = await checkAgainstStored(trx, productId, input, stored);
        const before = new Map(stored.map((row) => [row.id, row]));
        await repo.replaceOptions(trx, productId, input.options);
        await repo.deleteVariants(trx, removed);
        const added: { id: string; productId: string; change: number; stockAfter: number }[] = [];
        for (const [position, variant] of input.variants.entries()) {
          const columns = columnsOf(variant, position);
          if (variant.id === undefined) {
            const id = newId();
            const stock = variant.stock ?? 0;
            await repo.insertVariant(trx, {
              id,
              product_id: productId,
              ...columns,
              stock,
              unit_price_cents: variantUnitPrice(columns),
              created_at: at,
              updated_at: at,
            });
            added.push({ id, productId, change: stock, stockAfter: stock });
            continue;
          }
          await repo.updateVariant(trx, variant.id, columns, at);
          const current = before.get(variant.id);
          if (variant.stock !== undefined && current && variant.stock !== current.stock) {
            const moved = await moveStock(trx, variant.id, variant.stock - current.stock, at, {
              kind: "adjustment",
              note: `Set to ${variant.stock} in the variants grid`,
              actor: who,
            });
            if (moved === null) throw new Conflict("The stock changed while saving. Please try again.");
          }
        }
        await recordMovements(trx, added, at, {
          kind: "initial",
          note: "Count when the variant was added",
          actor: who,
        });
        await repo.refreshListings(trx, [productId]);
        await repo.refreshVariantWords(trx, [productId]);
        await deps.audit.record(trx, {
          actor: who,
          kind: "product",
          subjectId: productId,
          subjectLabel: name,
          action: "variants saved",
          before: { Options: JSON.stringify(optionsBefore), Variants: JSON.stringify(stored.map(auditValues)) },
          after: {
            Options: JSON.stringify(input.options),
            Variants: JSON.stringify((await repo.variants(productId, trx)).map(auditValues)),
          },
        });
      });
      await deps.decideSoldNowhere([productId]);
      deps.forgetLists();
      return read(productId);
    },
  };
}

export type VariantsService = ReturnType<typeof createVariantsService>;
