import {
  COA_DATE_MESSAGES,
  COA_FIGURES,
  type CoaBatch,
  type CoaCorrection,
  type CoaCorrectionNote,
  type CoaFigure,
  type CoaFigures,
  type CoaFormFields,
  type CoaList,
  type CoaListQuery,
  coaIsOlderThanAYear,
  LOT_NUMBER_PATTERN,
  lotNotFoundMessage,
  lotTakenMessage,
  normalizeLotNumber,
  productNotFoundMessage,
  searchWords,
  totalThcMilliPercent,
} from "@shop/shared";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import { dayOf, formatMicrogramsAsMg, formatMilliPercent } from "@shop/shared/rules";
import type { CoasTable } from "../../db/types.ts";
import { newId } from "../../lib/ids.ts";
import type { AuditRecorder } from "../audit/service.ts";
import type { CatalogService, ProductLabel } from "../catalog/service.ts";
import type { PdfStore } from "./pdf-store.ts";
import { qrCode } from "./qr.ts";
import type { CoaFilter, CoaRepository, CoaRow } from "./repository.ts";

export function coaPdfPath(lotNumber: string): string {
  return `/api/coas/${encodeURIComponent(lotNumber)}/pdf`;
}

/** Where each figure staff type (and may correct) is kept, and in what unit. */
const FIGURE_COLUMNS = {
  delta9Thc: "delta9_thc_mpct",
  thca: "thca_mpct",
  delta8Thc: "delta8_thc_mpct",
  delta10Thc: "delta10_thc_mpct",
  hhc: "hhc_mpct",
  cbd: "cbd_mpct",
  cbda: "cbda_mpct",
  cbg: "cbg_mpct",
  cbn: "cbn_mpct",
  thcPerContainer: "thc_per_container_ug",
  pesticides: "pesticides",
  heavyMetals: "heavy_metals",
  microbials: "microbials",
  mycotoxins: "mycotoxins",
  residualSolvents: "residual_solvents",
  servingSize: "serving_size",
  mitragynine: "mitragynine_ug",
  sevenHydroxymitragynine: "seven_oh_ug",
  mitragyninePseudoindoxyl: "pseudoindoxyl_ug",
  sevenHydroxyShareOfAlkaloids: "seven_oh_share_mpct",
} as const satisfies Record<CoaFigure, keyof CoasTable>;

/** The COA's columns of these figures. */
function figureColumns(figures: Record<string, CoaFigures[CoaFigure]>): Partial<CoasTable> {
  return Object.fromEntries(
    COA_FIGURES.filter((name) => figures[name] !== undefined).map((name) => [FIGURE_COLUMNS[name], figures[name]]),
  );
}

/** A figure as the report prints it, for the audit log: "0.284 %", "0.38 mg", "passed", null for none. */
function figureText(name: CoaFigure, value: CoaFigures[CoaFigure]): string | null {
  if (typeof value !== "number") return value;
  return FIGURE_COLUMNS[name].endsWith("_ug") ? formatMicrogramsAsMg(value) : formatMilliPercent(value);
}

function toBatch(row: CoaRow, product: ProductLabel, now: Date, corrections: CoaCorrectionNote[]): CoaBatch {
  return {
    lotNumber: row.lot_number,
    variantId: row.variant_id,
    product: { id: product.id, name: product.name, sku: product.sku, available: product.available },
    lab: {
      name: row.lab_name,
      accreditation: row.lab_accreditation,
      certificateNumber: row.lab_certificate_number,
    },
    sampleDate: row.sample_date,
    testDate: row.test_date,
    reportDate: row.report_date,
    olderThanAYear: coaIsOlderThanAYear(row.report_date, now),
    cannabinoids: {
      delta9Thc: row.delta9_thc_mpct,
      thca: row.thca_mpct,
      totalThc: totalThcMilliPercent(row.delta9_thc_mpct, row.thca_mpct),
      delta8Thc: row.delta8_thc_mpct,
      delta10Thc: row.delta10_thc_mpct,
      hhc: row.hhc_mpct,
      cbd: row.cbd_mpct,
      cbda: row.cbda_mpct,
      cbg: row.cbg_mpct,
      cbn: row.cbn_mpct,
    },
    thcPerContainer: row.thc_per_container_ug,
    panels: {
      pesticides: row.pesticides,
      heavyMetals: row.heavy_metals,
      microbials: row.microbials,
      mycotoxins: row.mycotoxins,
      residualSolvents: row.residual_solvents,
    },
    alkaloids: {
      servingSize: row.serving_size,
      mitragynine: row.mitragynine_ug,
      sevenHydroxymitragynine: row.seven_oh_ug,
      mitragyninePseudoindoxyl: row.pseudoindoxyl_ug,
      sevenHydroxyShareOfAlkaloids: row.seven_oh_share_mpct,
    },
    pdf: { url: coaPdfPath(row.lot_number), bytes: row.pdf_bytes },
    corrections,
  };
}

const NOTHING_TO_CORRECT = "These are the figures the COA has already: change at least one to correct it.";

function lotTaken(lotNumber: string): Conflict {
  return new Conflict(lotTakenMessage(lotNumber), { fields: { lotNumber: "This batch number already has a COA." } });
}

export interface CoaServiceOptions {
  pdfs: PdfStore;
  /** Names the batches' products and knows which exist (the products table is the catalogue's). */
  catalog: Pick<CatalogService, "productLabels" | "variantProducts" | "decideSoldNowhere">;
  /** Corrections of figures are in the audit log, written in the correction's transaction. */
  audit: AuditRecorder;
  /** The clock that decides whether a report is older than a year; tests replace it. */
  now?: () => Date;
}

export function createCoaService(repository: CoaRepository, options: CoaServiceOptions) {
  const now = () => options.now?.() ?? new Date();

  /** Rows with their products' names; a row whose product is gone (deleted meanwhile) is left out. */
  async function toBatches(rows: CoaRow[], known?: Map<string, ProductLabel>): Promise<CoaBatch[]> {
    const [products, corrections] = await Promise.all([
      known ?? options.catalog.productLabels(rows.map((row) => row.product_id)),
      repository.corrections(rows.map((row) => row.coa_id)),
    ]);
    const notes = new Map<string, CoaCorrectionNote[]>();
    for (const correction of corrections) {
      const figures = Object.keys(JSON.parse(correction.after_json) as object);
      const note = { at: correction.at, reason: correction.reason, figures: figures as CoaFigure[] };
      notes.set(correction.coa_id, [...(notes.get(correction.coa_id) ?? []), note]);
    }
    const at = now();
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      return product ? [toBatch(row, product, at, notes.get(row.coa_id) ?? [])] : [];
    });
  }

  async function search(query: CoaListQuery): Promise<CoaList> {
    const page = { totalPages: 0, currentPage: query.page };
    const words = query.q === undefined ? [] : searchWords(query.q);
    // A query of punctuation only ("--") matches nothing rather than everything.
    if (query.q !== undefined && query.q.trim() !== "" && words.length === 0) {
      return { items: [], totalBatches: 0, ...page };
    }
    // A word matches a product name as lower(name) LIKE '%word%' did: the names of the products
    // that have published batches (a handful of batches each) are asked of the catalogue.
    let products: Map<string, ProductLabel> | undefined;
    if (words.length > 0) {
      products = await options.catalog.productLabels(await repository.publishedProductIds(query.product));
    }
    const names = [...(products?.values() ?? [])].map((product) => ({
      id: product.id,
      name: product.name.toLowerCase(),
    }));
    const filter: CoaFilter = {
      productId: query.product,
      variantId: query.variant,
      lotNumber: query.lot,
      words: words.map((word) => ({
        word,
        productIds: names.filter((product) => product.name.includes(word)).map((product) => product.id),
      })),
    };
    const [totalBatches, rows] = await Promise.all([
      repository.count(filter),
      repository.list(filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    ]);
    return {
      items: await toBatches(rows, products),
      totalBatches,
      totalPages: Math.ceil(totalBatches / query.limit),
      currentPage: query.page,
    };
  }

  /**
   * Batches with their COAs, newest report first, a page at a time: of one product, of one lot
   * (exact, whatever its case) and/or whose product name or lot contains every word of `q`.
   * A `q` that is a batch number is matched exactly first (the number on a package finds its
   * batch alone); when no batch has that number, its words are searched.
   */
  async function listBatches(query: CoaListQuery): Promise<CoaList> {
    const lot = normalizeLotNumber(query.q ?? "");
    if (query.lot === undefined && LOT_NUMBER_PATTERN.test(lot)) {
      const exact = await search({ ...query, q: undefined, lot });
      if (exact.totalBatches > 0) return exact;
    }
    return search(query);
  }

  /** One batch by the lot number on the package (any case); NotFound with the spec's message otherwise. */
  async function getBatch(lotNumber: string): Promise<CoaBatch> {
    const lot = normalizeLotNumber(lotNumber);
    const row = await repository.findByLot(lot);
    const batch = row && (await toBatches([row]))[0];
    if (!batch) throw new NotFound(lotNotFoundMessage(lot));
    return batch;
  }

  return {
    listBatches,
    getBatch,

    /**
     * A variant's newest batch and how many it has, for its product's page (a product without
     * options: its own variant, whose id is the product's).
     */
    async latestForVariant(variantId: string): Promise<{ latest: CoaBatch | null; totalBatches: number }> {
      const list = await listBatches({ variant: variantId, page: 1, limit: 1 });
      return { latest: list.items[0] ?? null, totalBatches: list.totalBatches };
    },

    /** The report's PDF with what its answer needs; NotFound for an unknown lot. */
    async getPdf(lotNumber: string): Promise<{ lotNumber: string; key: string; bytes: Buffer }> {
      const lot = normalizeLotNumber(lotNumber);
      const row = await repository.findByLot(lot);
      if (!row) throw new NotFound(lotNotFoundMessage(lot));
      const bytes = await options.pdfs.read(row.pdf_key);
      // The row names a file that is gone: a broken install, not the buyer's mistake.
      if (!bytes) throw new Error(`The PDF ${row.pdf_key} of batch ${lot} is missing from the documents folder`);
      return { lotNumber: row.lot_number, key: row.pdf_key, bytes };
    },

    /** Every published lot with its last change, for the sitemap. */
    async sitemapBatches(limit: number): Promise<{ lotNumber: string; updatedAt: string }[]> {
      const rows = await repository.sitemap(limit);
      return rows.map((row) => ({ lotNumber: row.lot_number, updatedAt: row.updated_at }));
    },

    /**
     * Publishes a lab's report for a batch (staff): the dates in order and not in the future, the
     * product known, the lot free (or a batch of the same product waiting for its report), the
     * PDF a PDF. Nothing is written unless everything is right.
     */
    async createCoa(fields: CoaFormFields, pdf: Buffer): Promise<CoaBatch> {
      const today = dayOf(now());
      const dateErrors: Record<string, string> = {};
      if (fields.testDate < fields.sampleDate) dateErrors.testDate = COA_DATE_MESSAGES.testBeforeSample;
      if (fields.reportDate < fields.testDate) dateErrors.reportDate = COA_DATE_MESSAGES.reportBeforeTest;
      else if (fields.reportDate > today) dateErrors.reportDate = COA_DATE_MESSAGES.reportInFuture;
      if (Object.keys(dateErrors).length > 0) {
        throw new Invalid(Object.values(dateErrors).join(" "), { fields: dateErrors });
      }
      if (!(await options.catalog.productLabels([fields.productId])).has(fields.productId)) {
        throw new NotFound(productNotFoundMessage(fields.productId));
      }
      // Left out: the product's own variant (docs/decisions/093).
      const variantId = fields.variantId ?? fields.productId;
      if ((await options.catalog.variantProducts([variantId])).get(variantId) !== fields.productId) {
        throw new Invalid("Please choose one of the product's variants.", {
          fields: { variantId: "is not a variant of this product" },
        });
      }
      const existing = await repository.findAnyBatch(fields.lotNumber);
      if (existing && (existing.coa_id !== null || existing.product_id !== fields.productId)) {
        throw lotTaken(fields.lotNumber);
      }
      // Checked and stored last: a refused form leaves no file behind.
      const stored = await options.pdfs.store(pdf);
      const stamp = now().toISOString();
      const batchId = existing?.id ?? newId();
      try {
        await repository.insertCoa(
          {
            id: batchId,
            product_id: fields.productId,
            variant_id: variantId,
            lot_number: fields.lotNumber,
            created_at: stamp,
            updated_at: stamp,
          },
          {
            id: newId(),
            batch_id: batchId,
            lab_name: fields.labName,
            lab_accreditation: fields.labAccreditation,
            lab_certificate_number: fields.labCertificateNumber,
            sample_date: fields.sampleDate,
            test_date: fields.testDate,
            report_date: fields.reportDate,
            delta9_thc_mpct: fields.delta9Thc,
            thca_mpct: fields.thca,
            delta8_thc_mpct: fields.delta8Thc,
            delta10_thc_mpct: fields.delta10Thc,
            hhc_mpct: fields.hhc,
            cbd_mpct: fields.cbd,
            cbda_mpct: fields.cbda,
            cbg_mpct: fields.cbg,
            cbn_mpct: fields.cbn,
            thc_per_container_ug: fields.thcPerContainer,
            pesticides: fields.pesticides,
            heavy_metals: fields.heavyMetals,
            microbials: fields.microbials,
            mycotoxins: fields.mycotoxins,
            residual_solvents: fields.residualSolvents,
            serving_size: fields.servingSize,
            mitragynine_ug: fields.mitragynine,
            seven_oh_ug: fields.sevenHydroxymitragynine,
            pseudoindoxyl_ug: fields.mitragyninePseudoindoxyl,
            seven_oh_share_mpct: fields.sevenHydroxyShareOfAlkaloids,
            pdf_key: stored.key,
            pdf_bytes: stored.bytes,
            created_at: stamp,
            updated_at: stamp,
          },
          existing !== undefined,
        );
      } catch (error) {
        // Another request took the lot between the check and the insert.
        const taken = await repository.findAnyBatch(fields.lotNumber);
        if (taken && (taken.coa_id !== null || taken.product_id !== fields.productId)) {
          throw lotTaken(fields.lotNumber);
        }
        throw error;
      }
      // The latest COA may put the product over a limit, or under it (docs/decisions/080).
      await options.catalog.decideSoldNowhere([fields.productId]);
      return getBatch(fields.lotNumber);
    },

    /**
     * Corrects a published COA's figures (staff) with a reason (docs/decisions/083): the figures
     * given change, the rest stay; the correction is kept with the COA for its public page and in
     * the audit log, in the same transaction; then the product's verdict under the rules is decided
     * again, as after a new COA. The PDF stays as the lab issued it. NotFound for an unknown lot;
     * Invalid when no figure would change.
     */
    async correctFigures(
      lotNumber: string,
      correction: CoaCorrection,
      actor: { id: string; name: string },
    ): Promise<CoaBatch> {
      const lot = normalizeLotNumber(lotNumber);
      const row = await repository.findByLot(lot);
      if (!row) throw new NotFound(lotNotFoundMessage(lot));
      const { reason, ...given } = correction;
      const changed = COA_FIGURES.filter(
        (name) => given[name] !== undefined && given[name] !== row[FIGURE_COLUMNS[name]],
      );
      if (changed.length === 0) throw new Invalid(NOTHING_TO_CORRECT);
      /** The changed figures, each as `read` gives it. */
      const changedAs = <T>(read: (name: CoaFigure) => T): Record<string, T> =>
        Object.fromEntries(changed.map((name) => [name, read(name)]));
      const before = changedAs((name): CoaFigures[CoaFigure] => row[FIGURE_COLUMNS[name]]);
      const after = changedAs((name): CoaFigures[CoaFigure] => given[name] ?? null);
      const asPrinted = (values: Record<string, CoaFigures[CoaFigure]>) =>
        changedAs((name) => figureText(name, values[name] ?? null));
      const product = (await options.catalog.productLabels([row.product_id])).get(row.product_id);
      const stamp = now().toISOString();
      await repository.transaction(async (trx) => {
        const updated = await repository.updateFigures(trx, row.coa_id, {
          ...figureColumns(after),
          updated_at: stamp,
        });
        // Withdrawn since it was read.
        if (!updated) throw new NotFound(lotNotFoundMessage(lot));
        await repository.insertCorrection(trx, {
          id: newId(),
          coa_id: row.coa_id,
          at: stamp,
          actor_id: actor.id,
          actor_name: actor.name,
          reason,
          before_json: JSON.stringify(before),
          after_json: JSON.stringify(after),
        });
        await options.audit.record(trx, {
          actor,
          kind: "coa",
          subjectId: row.coa_id,
          subjectLabel: product ? `Batch ${lot} of ${product.name}` : `Batch ${lot}`,
          action: `figures corrected: ${reason}`,
          before: asPrinted(before),
          after: asPrinted(after),
        });
      });
      // The corrected figures may put the product over a limit, or under it (docs/decisions/080).
      await options.catalog.decideSoldNowhere([row.product_id]);
      return getBatch(lot);
    },

    /** Takes a batch and its COA off the shop (staff); NotFound for an unknown lot. */
    async deleteBatch(lotNumber: string): Promise<void> {
      const lot = normalizeLotNumber(lotNumber);
      const batch = await repository.findAnyBatch(lot);
      if (!(await repository.deleteBatch(lot))) throw new NotFound(lotNotFoundMessage(lot));
      if (batch) await options.catalog.decideSoldNowhere([batch.product_id]);
    },

    /** Keeps a lab's PDF (checked whole, and its size) and answers its key and size. */
    storePdf(bytes: Buffer): Promise<{ key: string; bytes: number }> {
      return options.pdfs.store(bytes);
    },

    /** The QR code of a batch's public page, as SVG path data. */
    qrCode(url: string): { size: number; path: string } {
      return qrCode(url);
    },
  };
}

export type CoaService = ReturnType<typeof createCoaService>;
