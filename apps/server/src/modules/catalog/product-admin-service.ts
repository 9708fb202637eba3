import { randomBytes } from "node:crypto";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProduct,
  type AdminProductPage,
  type adminProductListQuerySchema,
  type BulkProductAction,
  LOW_STOCK_LIST_MAX,
  type LowStock,
  onSalePriceProblem,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_GALLERY_MAX,
  type ProductFormFields,
  type RegulatoryClass,
  STOCK_HISTORY_PAGE_SIZE,
  type StockAdjustment,
  type StockHistory,
  sortRegulatoryClasses,
  suggestRegulatoryClasses,
  type User,
  variantName,
} from "@shop/shared";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import type { BackgroundWork } from "../../lib/background.ts";
import { newId } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { AuditRecorder } from "../audit/service.ts";
import { type ImageService, joinedImage, toImage } from "../images/service.ts";
import { derivedProductColumns } from "./derived-columns.ts";
import type { ProductAdminRepository } from "./product-admin-repository.ts";
import { createProductCsv } from "./product-csv.ts";
import {
  columnsFrom,
  fieldsOf,
  type ProductSnapshot,
  productAuditChanges,
  stockAuditChange,
} from "./product-fields.ts";
import { moveStock, recordOpeningStock, type StockRepository } from "./stock-repository.ts";

export interface ProductUpload {
  fields: ProductFormFields;
  mainImage: Buffer | undefined;
  gallery: Buffer[];
}

export function createProductAdminService(
  repo: ProductAdminRepository,
  deps: {
    images: ImageService;
    stock: StockRepository;
    /** Each change is in the audit log, written in the change's transaction (docs/decisions/053). */
    audit: AuditRecorder;
    forgetLists: () => void;
    /** Decides again whether the products among `ids` (every product, none given) are sold nowhere (decision 080). */
    decideSoldNowhere: (ids?: string[]) => Promise<void>;
    /** Work after the answer: the statistics refresh that ends a large import (decision 063). */
    background: BackgroundWork;
    /** The country-wide bans on each product today (composed from the catalogue and the compliance rules). */
    bansEverywhere: (ids: string[]) => Promise<Map<string, AdminProduct["saleBans"]>>;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());

  /** A product's change in the audit log (productAuditChanges), each side read in `trx`. */
  async function auditProduct(
    trx: Executor,
    actor: User,
    action: string,
    before: ProductSnapshot | undefined,
    after: ProductSnapshot | undefined,
  ): Promise<void> {
    for (const change of productAuditChanges(recordedActor(actor), action, before, after)) {
      await deps.audit.record(trx, change);
    }
  }

  /** A product's row and its classes as the log compares them, read in `trx`. */
  async function snapshot(trx: Executor, id: string): Promise<ProductSnapshot | undefined> {
    const row = await repo.find(id, trx);
    return row && { ...row, classes: sortRegulatoryClasses(await repo.regulatoryClasses(id, trx)).join(", ") };
  }

  /** A staff change to a product's count in the audit log. */
  const auditStock = (
    trx: Executor,
    actor: User,
    id: string,
    name: string,
    before: number,
    after: number,
    why: string,
  ) => deps.audit.record(trx, stockAuditChange(recordedActor(actor), { id, label: name }, before, after, why));

  /** An active product is on sale: it may not be sold for nothing (shared onSalePriceProblem). */
  function checkOnSalePrice(fields: ProductFormFields): void {
    if (!fields.Active) return;
    const problem = onSalePriceProblem({
      sellingPricePcsCents: fields.SellingPricePCS,
      sellingPriceBoxCents: fields.SellingPriceBox,
      priceCents: fields.Price,
    });
    if (problem) throw new Invalid(problem.message, { fields: { [problem.field]: problem.message } });
  }

  async function checkCategoryAndSku(fields: ProductFormFields, sku: string, exceptId?: string): Promise<void> {
    if (!(await repo.categoryExists(fields.MasterCategoryId))) {
      throw new Invalid(PRODUCT_FORM_MESSAGES.category, {
        fields: { MasterCategoryId: PRODUCT_FORM_MESSAGES.category },
      });
    }
    if (await repo.skuTaken(sku, exceptId)) {
      const text = `The SKU ${sku} is used by another product.`;
      throw new Conflict(text, { fields: { Sku: text } });
    }
  }

  /**
   * A new product sent without classes (the spec's own clients know none) gets the ones suggested
   * from its category and attributes, as the form would have offered (docs/decisions/039).
   */
  async function suggestedClasses(fields: ProductFormFields): Promise<RegulatoryClass[]> {
    return suggestRegulatoryClasses({
      categorySlug: await repo.categorySlug(fields.MasterCategoryId),
      productType: fields.ProductType,
      name: fields.ProductName,
      flavour: fields.Flavour,
      flavourGroup: fields.FlavourGroup,
      nicotineStrength: fields.NicotineStrength,
    });
  }

  /** Pictures are checked and stored before the database is touched; storing is content-addressed. */
  async function ingestAll(files: Buffer[]): Promise<string[]> {
    const keys: string[] = [];
    for (const file of files) keys.push((await deps.images.ingest(file)).key);
    return keys;
  }

  function checkImageCount(count: number): void {
    if (count > PRODUCT_GALLERY_MAX + 1) {
      throw new Invalid(
        `A product has at most ${PRODUCT_GALLERY_MAX + 1} pictures: one main image and ${PRODUCT_GALLERY_MAX} more.`,
      );
    }
  }

  /**
   * The product form's count, as an adjustment by the difference from the count now. The count is
   * compared and set, read again when an order changed it in between (PostgreSQL; SQLite's writers
   * take turns), so the difference recorded is the one made.
   */
  async function setStockFromForm(trx: Executor, id: string, target: number, at: string, actor: User) {
    const cause = {
      kind: "adjustment" as const,
      note: `Set to ${target} on the product form`,
      actor: recordedActor(actor),
    };
    for (let attempt = 1; ; attempt++) {
      const current = (await deps.stock.stockOf(trx, id)) ?? 0;
      if (current === target) return;
      if (await deps.stock.setStock(trx, id, current, target, at, cause)) {
        await auditStock(trx, actor, id, await deps.stock.label(trx, id), current, target, cause.note);
        return;
      }
      if (attempt === 10) throw new Conflict("The stock kept changing while saving. Please try again.");
    }
  }

  /** Deletes products, each with its audit entry (every field as it was), in `trx`. */
  async function removeAudited(ids: string[], trx: Executor, actor: User): Promise<number> {
    for (const id of ids) {
      const row = await snapshot(trx, id);
      if (row) await auditProduct(trx, actor, "deleted", row, undefined);
    }
    return repo.remove(ids, trx);
  }

  const service = {
    ...createProductCsv(repo, {
      audit: deps.audit,
      forgetLists: deps.forgetLists,
      decideSoldNowhere: deps.decideSoldNowhere,
      afterLargeImport: () =>
        deps.background.run("refreshing planner statistics after an import", () => repo.refreshStatistics()),
      now,
    }),

    async list(query: z.output<typeof adminProductListQuerySchema>): Promise<AdminProductPage> {
      const { rows, total } = await repo.list(
        {
          q: query.q || undefined,
          categoryId: query.category || undefined,
          active: query.active === "all" ? undefined : query.active === "true",
          inStock: query.stock === "all" ? undefined : query.stock === "in",
          regulatoryClass: query.class,
        },
        { offset: (query.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE, limit: ADMIN_PRODUCTS_PAGE_SIZE, sort: query.sort },
      );
      const bans = await deps.bansEverywhere(rows.map((row) => row.id));
      return {
        items: rows.map((row) => ({
          id: row.id,
          sku: row.sku,
          name: row.name,
          productType: row.product_type,
          category: { id: row.category_id, name: row.category_name },
          brand: row.brand,
          priceCents: row.price_cents,
          sellingPricePcsCents: row.selling_price_pcs_cents,
          sellingPriceBoxCents: row.selling_price_box_cents,
          stock: row.stock,
          active: row.active === 1,
          featured: row.featured === 1,
          image: joinedImage(row, row.name),
          regulatoryClasses: sortRegulatoryClasses((row.regulatory_classes ?? "").split(" ")),
          notSellable: bans.get(row.id)?.[0]?.reason ?? null,
          updatedAt: row.updated_at,
        })),
        total,
        page: query.page,
        pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
      };
    },

    /** Product counts and the five most recently changed products, for the dashboard's first screen. */
    async overview() {
      const [counts, recent] = await Promise.all([
        repo.counts(),
        service.list({ q: undefined, category: undefined, active: "all", stock: "all", sort: "updated", page: 1 }),
      ]);
      return { counts, recentProducts: recent.items.slice(0, 5) };
    },

    async get(id: string): Promise<AdminProduct> {
      const row = await repo.find(id);
      if (!row) throw new NotFound(`product with id ${id} not found.`);
      const [images, classes] = await Promise.all([repo.images(id), repo.regulatoryClasses(id)]);
      const bans = await deps.bansEverywhere([id]);
      return {
        id: row.id,
        Name: row.name,
        fields: { ...fieldsOf(row), RegulatoryClasses: sortRegulatoryClasses(classes).join(",") },
        images: images.map((image) => ({ ...toImage(image, image.alt), key: image.key })),
        saleBans: bans.get(id) ?? [],
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },

    async create(upload: ProductUpload, actor: User): Promise<AdminProduct> {
      const { fields } = upload;
      const sku = fields.Sku ?? `P-${randomBytes(4).toString("hex").toUpperCase()}`;
      checkOnSalePrice(fields);
      await checkCategoryAndSku(fields, sku);
      const files = [...(upload.mainImage ? [upload.mainImage] : []), ...upload.gallery];
      checkImageCount(files.length);
      const classes = fields.RegulatoryClasses ?? (await suggestedClasses(fields));
      const keys = await ingestAll(files);
      const id = newId();
      const at = now().toISOString();
      const columns = columnsFrom(fields);
      await repo.db.transaction().execute(async (trx) => {
        await repo.insert(
          { id, sku, ...columns, ...derivedProductColumns(columns), created_at: at, updated_at: at },
          trx,
        );
        await repo.replaceImages(id, keys, fields.ProductName, trx, () => newId());
        await repo.replaceRegulatoryClasses(id, classes, trx);
        // The count a new product starts with is its first stock movement (docs/decisions/034).
        await recordOpeningStock(trx, [{ id, stock: columns.stock }], at, {
          kind: "initial",
          note: "Count when the product was created",
          actor: recordedActor(actor),
        });
        await auditProduct(trx, actor, "created", undefined, await snapshot(trx, id));
      });
      await deps.decideSoldNowhere([id]);
      deps.forgetLists();
      return service.get(id);
    },

    async update(id: string, upload: ProductUpload, actor: User): Promise<AdminProduct> {
      const current = await repo.find(id);
      if (!current) throw new NotFound(`product with id ${id} not found.`);
      const { fields } = upload;
      const sku = fields.Sku ?? current.sku;
      checkOnSalePrice(fields);
      await checkCategoryAndSku(fields, sku, id);
      const existing = (await repo.images(id)).map((image) => image.key);
      const kept = fields.KeepImages ?? existing;
      const unknown = kept.filter((key) => !existing.includes(key));
      if (unknown.length > 0) throw new Invalid("KeepImages may only name pictures this product has.");
      checkImageCount(kept.length + (upload.mainImage ? 1 : 0) + upload.gallery.length);
      const [main = [], gallery] = await Promise.all([
        upload.mainImage ? ingestAll([upload.mainImage]) : [],
        ingestAll(upload.gallery),
      ]);
      const keys = [...new Set([...main, ...kept, ...gallery])];
      // Stock is not written with the other fields: a count given here is set as an adjustment
      // against the count at the moment of writing, and none given leaves stock to orders and
      // adjustments (docs/decisions/034).
      const { stock: _stock, ...columns } = columnsFrom(fields);
      const at = now().toISOString();
      await repo.db.transaction().execute(async (trx) => {
        const before = await snapshot(trx, id);
        await repo.update(id, { sku, ...columns, ...derivedProductColumns(columns), updated_at: at }, trx);
        await repo.replaceImages(id, keys, fields.ProductName, trx, () => newId());
        // Left out (a client of the spec's form that knows no classes), the product keeps its own.
        if (fields.RegulatoryClasses) await repo.replaceRegulatoryClasses(id, fields.RegulatoryClasses, trx);
        await auditProduct(trx, actor, "updated", before, await snapshot(trx, id));
        if (typeof fields.Stock === "number") await setStockFromForm(trx, id, fields.Stock, at, actor);
      });
      await deps.decideSoldNowhere([id]);
      deps.forgetLists();
      return service.get(id);
    },

    /**
     * Adds or takes pieces, saying why: one conditional UPDATE, so adjustments at once all apply and
     * none leaves fewer than zero (refused in words, nothing changed).
     */
    async adjustStock(id: string, input: StockAdjustment, actor: User): Promise<StockHistory> {
      const at = now().toISOString();
      await repo.db.transaction().execute(async (trx) => {
        const cause = { kind: "adjustment" as const, note: input.reason.trim(), actor: recordedActor(actor) };
        const after = await moveStock(trx, id, input.change, at, cause);
        if (after !== null) {
          await auditStock(trx, actor, id, await deps.stock.label(trx, id), after - input.change, after, cause.note);
          return;
        }
        const stock = await deps.stock.stockOf(trx, id);
        if (stock === undefined) throw new NotFound(`product with id ${id} not found.`);
        const text = `Only ${stock} in stock: taking ${-input.change} would leave fewer than zero.`;
        throw new Conflict(text, { fields: { change: `can take at most ${stock}` }, code: "stock_below_zero" });
      });
      deps.forgetLists();
      return service.stockHistory(id, 1);
    },

    /** The product's stock and its movements, newest first, a page at a time. */
    async stockHistory(id: string, page: number): Promise<StockHistory> {
      const stock = await deps.stock.stockOf(repo.db, id);
      if (stock === undefined) throw new NotFound(`product with id ${id} not found.`);
      const { rows, total } = await deps.stock.history(id, {
        offset: (page - 1) * STOCK_HISTORY_PAGE_SIZE,
        limit: STOCK_HISTORY_PAGE_SIZE,
      });
      return {
        stock,
        items: rows.map((row) => ({
          id: row.id,
          change: row.change,
          stockAfter: row.stock_after,
          kind: row.kind,
          note: row.note,
          orderNumber: row.order_number,
          actorName: row.actor_name,
          createdAt: row.created_at,
        })),
        total,
        page,
        pageSize: STOCK_HISTORY_PAGE_SIZE,
      };
    },

    /** Active products at or under the threshold (a setting), fewest first, for the dashboard home. */
    async lowStock(threshold: number, limit: number = LOW_STOCK_LIST_MAX): Promise<LowStock> {
      const rows = await deps.stock.lowStock(threshold, limit);
      return {
        threshold,
        items: rows.map((row) => ({
          id: row.id,
          productId: row.product_id,
          sku: row.sku,
          name: variantName(row.name, [row.option1, row.option2, row.option3]),
          stock: row.stock,
        })),
      };
    },

    async remove(id: string, actor: User): Promise<void> {
      const removed = await repo.db.transaction().execute((trx) => removeAudited([id], trx, actor));
      if (removed !== 1) throw new NotFound(`product with id ${id} not found.`);
      deps.forgetLists();
    },

    async bulk({ ids, action }: BulkProductAction, actor: User): Promise<{ count: number; message: string }> {
      const unique = [...new Set(ids)];
      if (action === "activate") {
        const unpriced = (await repo.prices(unique)).filter(
          (row) =>
            onSalePriceProblem({
              sellingPricePcsCents: row.selling_price_pcs_cents,
              sellingPriceBoxCents: row.selling_price_box_cents,
              priceCents: row.price_cents,
            }) !== null,
        );
        if (unpriced.length > 0) {
          const names = unpriced.map((row) => row.name).join(", ");
          throw new Invalid(
            `Nothing was activated: ${names} ${unpriced.length === 1 ? "needs" : "need"} a selling price above $0.00 first.`,
          );
        }
      }
      const count = await repo.db.transaction().execute(async (trx) => {
        if (action === "delete") return removeAudited(unique, trx, actor);
        const before = await Promise.all(unique.map((id) => snapshot(trx, id)));
        const changed = await repo.setActive(unique, action === "activate", now().toISOString(), trx);
        for (const row of before) {
          if (row) await auditProduct(trx, actor, `${action}d`, row, await snapshot(trx, row.id));
        }
        return changed;
      });
      deps.forgetLists();
      const done = { activate: "activated", deactivate: "deactivated", delete: "deleted" }[action];
      return { count, message: `${count} product${count === 1 ? "" : "s"} ${done}.` };
    },
  };
  return service;
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
