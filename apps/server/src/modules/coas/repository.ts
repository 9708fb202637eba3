import type { ExpressionBuilder, Kysely, Updateable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { BatchesTable, CoaCorrectionsTable, CoasTable, Database } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export interface CoaFilter {
  productId?: string | undefined;
  /** One variant's batches (a product's own variant has the product's id). */
  variantId?: string | undefined;
  /** Upper-case, matched exactly. */
  lotNumber?: string | undefined;
  /**
   * Each word (lower-case letters and digits) must be part of the lot number, or belong to the
   * product's name: `productIds` are the products whose names contain it (the catalogue knows names).
   */
  words?: { word: string; productIds: string[] }[] | undefined;
}

type From = { b: Database["batches"]; c: Database["coas"] };

function filterBy(filter: CoaFilter) {
  return (eb: ExpressionBuilder<From, "b" | "c">) => {
    const conditions = [];
    if (filter.productId !== undefined) conditions.push(eb("b.product_id", "=", filter.productId));
    if (filter.variantId !== undefined) conditions.push(eb("b.variant_id", "=", filter.variantId));
    if (filter.lotNumber !== undefined) conditions.push(eb("b.lot_number", "=", filter.lotNumber));
    // A handful of batches per product: a scan with lower() is fast enough, and the same on
    // both engines (words hold letters and digits only, so no LIKE wildcard can slip in).
    for (const { word, productIds } of filter.words ?? []) {
      const inLot = eb(eb.fn("lower", ["b.lot_number"]), "like", `%${word}%`);
      conditions.push(productIds.length > 0 ? eb.or([inLot, eb("b.product_id", "in", productIds)]) : inLot);
    }
    return eb.and(conditions);
  };
}

export function createCoaRepository(db: Kysely<Database>) {
  /** Only batches with a published COA are public; a batch waiting for its report is not. */
  function published() {
    return db.selectFrom("batches as b").innerJoin("coas as c", "c.batch_id", "b.id");
  }

  const columns = [
    "c.id as coa_id",
    "b.lot_number",
    "b.updated_at as batch_updated_at",
    "b.product_id",
    "b.variant_id",
    "c.lab_name",
    "c.lab_accreditation",
    "c.lab_certificate_number",
    "c.sample_date",
    "c.test_date",
    "c.report_date",
    "c.delta9_thc_mpct",
    "c.thca_mpct",
    "c.delta8_thc_mpct",
    "c.delta10_thc_mpct",
    "c.hhc_mpct",
    "c.cbd_mpct",
    "c.cbda_mpct",
    "c.cbg_mpct",
    "c.cbn_mpct",
    "c.thc_per_container_ug",
    "c.pesticides",
    "c.heavy_metals",
    "c.microbials",
    "c.mycotoxins",
    "c.residual_solvents",
    "c.serving_size",
    "c.mitragynine_ug",
    "c.seven_oh_ug",
    "c.pseudoindoxyl_ug",
    "c.seven_oh_share_mpct",
    "c.pdf_key",
    "c.pdf_bytes",
    "c.updated_at as coa_updated_at",
  ] as const;

  return {
    count(filter: CoaFilter): Promise<number> {
      return countRows(published().where(filterBy(filter)));
    },

    /** Newest report first; reports of the same day by lot number. */
    list(filter: CoaFilter, page: { offset: number; limit: number }) {
      return published()
        .where(filterBy(filter))
        .select(columns)
        .orderBy("c.report_date", "desc")
        .orderBy("b.lot_number")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    findByLot(lotNumber: string) {
      return published().where("b.lot_number", "=", lotNumber).select(columns).executeTakeFirst();
    },

    /** The products that have a published batch (of one product, when given): what a search by name looks among. */
    async publishedProductIds(productId: string | undefined): Promise<string[]> {
      let query = published().select("b.product_id").distinct();
      if (productId !== undefined) query = query.where("b.product_id", "=", productId);
      const rows = await query.execute();
      return rows.map((row) => row.product_id);
    },

    /** A batch by its lot, published or not, and whether it has a COA. */
    async findAnyBatch(lotNumber: string) {
      return db
        .selectFrom("batches as b")
        .leftJoin("coas as c", "c.batch_id", "b.id")
        .select(["b.id", "b.product_id", "c.id as coa_id"])
        .where("b.lot_number", "=", lotNumber)
        .executeTakeFirst();
    },

    /** The batch (unless it exists already, waiting for its report) and its COA, in one transaction. */
    async insertCoa(batch: BatchesTable, coa: CoasTable, batchExists: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!batchExists) await trx.insertInto("batches").values(batch).execute();
        await trx.insertInto("coas").values(coa).execute();
      });
    },

    /** Removes a batch and its COA; false when there was no such lot. */
    async deleteBatch(lotNumber: string): Promise<boolean> {
      const result = await db.deleteFrom("batches").where("lot_number", "=", lotNumber).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Runs `work` in one transaction: a correction's figures, its record and its audit entry. */
    transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Changes a COA's figures (the columns given) and its last change; false when the COA is gone. */
    async updateFigures(executor: Executor, coaId: string, figures: Updateable<CoasTable>): Promise<boolean> {
      const result = await executor.updateTable("coas").set(figures).where("id", "=", coaId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertCorrection(executor: Executor, correction: CoaCorrectionsTable): Promise<void> {
      await executor.insertInto("coa_corrections").values(correction).execute();
    },

    /** The corrections of these COAs, newest first. */
    corrections(coaIds: readonly string[]) {
      if (coaIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("coa_corrections")
        .select(["coa_id", "at", "reason", "after_json"])
        .where("coa_id", "in", coaIds)
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    /** Every published lot with its last change, for the sitemap. */
    sitemap(limit: number) {
      return published()
        .select(["b.lot_number", "c.updated_at"])
        .orderBy("c.report_date", "desc")
        .orderBy("b.lot_number")
        .limit(limit)
        .execute();
    },
  };
}

export type CoaRepository = ReturnType<typeof createCoaRepository>;
export type CoaRow = NonNullable<Awaited<ReturnType<CoaRepository["findByLot"]>>>;
