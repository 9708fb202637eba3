import { z } from "zod";
import { idSchema, imageSchema } from "./common.ts";

export const CART_STORAGE_KEY = "cartState";
export const MAX_LINE_QUANTITY = 99;

export const cartUnitSchema = z.enum(["piece", "box"]);
export type CartUnit = z.infer<typeof cartUnitSchema>;

/** A product's piece line and box line are separate lines, so the line id carries the unit. */
export function cartLineId(productId: string, unit: CartUnit): string {
  return unit === "box" ? `${productId}:box` : productId;
}

const cents = z.int().min(0);

/** A cart line: a snapshot of what the buyer saw, refreshed from the server by `reconcileCart`. */
export const cartItemSchema = z
  .object({
    id: z.string(),
    productId: idSchema,
    sku: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    image: imageSchema.nullable(),
    categorySlug: z.string(),
    unit: cartUnitSchema,
    unitPriceCents: cents,
    piecesPerUnit: z.int().min(1),
    stock: z.int().min(0),
    quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
  })
  .refine((item) => item.id === cartLineId(item.productId, item.unit), {
    error: "id must match the product and unit",
    path: ["id"],
  });
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * What the browser keeps under CART_STORAGE_KEY. Totals are left out on purpose: they are
 * recomputed on load, so an edited store cannot change what the cart shows. Unknown keys
 * (such as totals saved by an older version) are dropped rather than failing the cart.
 */
export const cartStorageSchema = z.object({
  items: z.array(cartItemSchema).refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
    error: "each line id must appear once",
  }),
  isOpen: z.boolean(),
});
export type CartStorage = z.infer<typeof cartStorageSchema>;
