import { z } from "zod";
import {
  COA_CANNABINOIDS,
  COA_FIGURES,
  COA_PANELS,
  COA_QUERY_MAX_LENGTH,
  COAS_MAX_PAGE_SIZE,
  COAS_PAGE_SIZE,
  type CoaCannabinoid,
  type CoaPanel,
  LOT_NUMBER_PATTERN,
  PANEL_RESULTS,
} from "../constants/coas.ts";
import { normalizeLotNumber } from "../rules/coa.ts";
import { idSchema, pageCounts, pageQuery, searchText } from "./common.ts";

const LOT_NUMBER_MESSAGE = "must be 2 to 40 letters, digits and hyphens, as printed on the package";

export const lotNumberSchema = z
  .string({ error: LOT_NUMBER_MESSAGE })
  .transform(normalizeLotNumber)
  .pipe(z.string().regex(LOT_NUMBER_PATTERN, { error: LOT_NUMBER_MESSAGE }));

export const panelResultSchema = z.enum(PANEL_RESULTS).meta({ id: "CoaPanelResult" });
export type PanelResult = z.infer<typeof panelResultSchema>;

const milliPercent = z
  .int()
  .min(0)
  .max(100_000)
  .nullable()
  .describe("Thousandths of a percent by weight (284 = 0.284 %); 0 = not detected; null = not tested");
const micrograms = z
  .int()
  .min(0)
  .nullable()
  .describe("Micrograms per serving (15000 = 15 mg); 0 = not detected; null = not tested");
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD");

export const coaCannabinoidsSchema = z
  .object(
    Object.fromEntries(COA_CANNABINOIDS.map((name) => [name, milliPercent])) as Record<
      CoaCannabinoid,
      typeof milliPercent
    >,
  )
  .describe("totalThc is computed: delta9Thc + 0.877 × thca; null when either is missing")
  .meta({ id: "CoaCannabinoids" });
export type CoaCannabinoids = z.infer<typeof coaCannabinoidsSchema>;

export const coaPanelsSchema = z
  .object(
    Object.fromEntries(COA_PANELS.map((name) => [name, panelResultSchema])) as Record<
      CoaPanel,
      typeof panelResultSchema
    >,
  )
  .meta({ id: "CoaPanels" });
export type CoaPanels = z.infer<typeof coaPanelsSchema>;

export const coaAlkaloidsSchema = z
  .object({
    servingSize: z.string().nullable().describe("What one serving is, e.g. '1 tablet' or '2 g'"),
    mitragynine: micrograms,
    sevenHydroxymitragynine: micrograms,
    mitragyninePseudoindoxyl: micrograms,
    sevenHydroxyShareOfAlkaloids: milliPercent.describe(
      "7-OH as thousandths of a percent of all alkaloids measured (1200 = 1.2 %); null = not reported",
    ),
  })
  .meta({ id: "CoaAlkaloids" });
export type CoaAlkaloids = z.infer<typeof coaAlkaloidsSchema>;

/** A correction of a COA's figures as buyers see it: when, why, and which figures changed. */
export const coaCorrectionNoteSchema = z
  .object({
    at: z.string().describe("When the figures were corrected (ISO 8601, UTC)"),
    reason: z.string(),
    figures: z
      .array(z.enum(COA_FIGURES))
      .describe("The figures the correction changed, as the correction request names them"),
  })
  .meta({ id: "CoaCorrectionNote" });
export type CoaCorrectionNote = z.infer<typeof coaCorrectionNoteSchema>;

/** A batch of a product (its lot number is printed on the package) with its certificate of analysis. */
export const coaBatchSchema = z
  .object({
    lotNumber: z.string().describe("Upper-case; matched whatever its case"),
    variantId: idSchema.describe("The variant the batch is of (a product without options: the product's id)"),
    product: z.object({
      id: idSchema,
      name: z.string(),
      sku: z.string(),
      available: z.boolean().describe("False when the product is no longer sold: its page is gone, its COAs stay"),
    }),
    lab: z.object({
      name: z.string(),
      accreditation: z.string().describe("e.g. ISO/IEC 17025:2017"),
      certificateNumber: z.string().describe("The lab's accreditation certificate number"),
    }),
    sampleDate: isoDate,
    testDate: isoDate,
    reportDate: isoDate,
    olderThanAYear: z
      .boolean()
      .describe("True from the day after the report's first anniversary (UTC), when the answer was made"),
    cannabinoids: coaCannabinoidsSchema,
    thcPerContainer: z
      .int()
      .min(0)
      .nullable()
      .describe(
        "Micrograms of THC of every kind (delta-9, delta-8, THCA…) in one container as sold (380 = 0.38 mg); null = not reported",
      ),
    panels: coaPanelsSchema,
    alkaloids: coaAlkaloidsSchema,
    pdf: z.object({
      url: z.string().describe("The lab's report as a PDF, as the lab issued it (corrections never change it)"),
      bytes: z.int().min(1),
    }),
    corrections: z
      .array(coaCorrectionNoteSchema)
      .describe("Corrections of the figures by staff, newest first (docs/decisions/083); empty when none"),
  })
  .meta({ id: "CoaBatch" });
export type CoaBatch = z.infer<typeof coaBatchSchema>;

/** How COAs are found: by product, by the batch number on the package, or by words of the product name or lot. */
export const coaListFilterSchema = z.object({
  ...pageQuery({ default: COAS_PAGE_SIZE, max: COAS_MAX_PAGE_SIZE }),
  product: idSchema.optional().describe("A product id: that product's batches"),
  variant: idSchema
    .optional()
    .describe("A variant id: that variant's batches (a product without options: its own variant, the product's id)"),
  lot: lotNumberSchema.optional().describe("A batch number, matched exactly whatever its case"),
  q: searchText(COA_QUERY_MAX_LENGTH).describe("Words of the product name or the lot number"),
});
/** The API is strict: an unknown parameter is a mistake worth telling the caller about. */
export const coaListQuerySchema = z.strictObject(coaListFilterSchema.shape);
export type CoaListQuery = z.infer<typeof coaListQuerySchema>;

export const coaListSchema = z
  .object({
    items: z.array(coaBatchSchema).describe("Newest report first"),
    totalBatches: z.int().min(0),
    ...pageCounts(),
  })
  .meta({ id: "CoaList" });
export type CoaList = z.infer<typeof coaListSchema>;

/** Fastify matches path parameters of up to 100 characters; a longer one is an unknown route. */
export const coaLotParamsSchema = z.strictObject({ lot: z.string().min(1).max(100) });
