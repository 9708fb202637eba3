import { z } from "zod";
import { PRODUCT_STOCK_MAX } from "../constants/products.ts";
import { STOCK_MOVEMENT_KINDS, STOCK_REASON_MAX } from "../constants/stock.ts";
import { queryInt } from "./common.ts";

const changeMessage = `must be a whole number of pieces from -${PRODUCT_STOCK_MAX} to ${PRODUCT_STOCK_MAX}, not 0`;

/** Staff add (+) or take (−) pieces, saying why: a count, breakage, a delivery from the supplier. */
export const stockAdjustmentSchema = z
  .strictObject({
    change: z
      .int({ error: changeMessage })
      .min(-PRODUCT_STOCK_MAX, { error: changeMessage })
      .max(PRODUCT_STOCK_MAX, { error: changeMessage })
      .refine((value) => value !== 0, { error: changeMessage })
      .describe("Pieces added (positive) or taken (negative)"),
    reason: z
      .string({ error: "Please say why the stock changes." })
      .trim()
      .min(1, { error: "Please say why the stock changes." })
      .max(STOCK_REASON_MAX, { error: `Please keep the reason under ${STOCK_REASON_MAX} characters.` }),
  })
  .meta({ id: "StockAdjustment" });
export type StockAdjustment = z.input<typeof stockAdjustmentSchema>;

export const stockMovementSchema = z
  .object({
    id: z.string(),
    change: z.int().describe("Signed pieces: negative taken, positive added"),
    stockAfter: z.int().min(0),
    kind: z.enum(STOCK_MOVEMENT_KINDS),
    note: z.string().nullable().describe("Staff's reason, or what the change was"),
    orderNumber: z.string().nullable().describe("The order it belongs to (order, cancellation, refund)"),
    actorName: z.string().nullable().describe("Who made it, as named then; null for the shop's own jobs"),
    createdAt: z.string(),
  })
  .meta({ id: "StockMovement" });
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockHistoryQuerySchema = z.strictObject({ page: queryInt({ min: 1, max: 100_000, default: 1 }) });

/** A product's stock and the movements that explain it, newest first. */
export const stockHistorySchema = z
  .object({
    stock: z.int().min(0),
    items: z.array(stockMovementSchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: "StockHistory" });
export type StockHistory = z.infer<typeof stockHistorySchema>;

export const lowStockSchema = z
  .object({
    threshold: z.int().min(0).describe("The lowStockThreshold setting"),
    items: z.array(
      z.object({
        id: z.string().describe("The variant's id (a product without options: the product's)"),
        productId: z.string(),
        sku: z.string(),
        name: z.string().describe("The product's name, with the variant's option values"),
        stock: z.int().min(0),
      }),
    ),
  })
  .describe("Active variants of active products with the threshold's number of pieces or fewer, fewest first")
  .meta({ id: "LowStock" });
export type LowStock = z.infer<typeof lowStockSchema>;
