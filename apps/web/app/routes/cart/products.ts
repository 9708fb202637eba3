import { productBatchQuerySchema } from "@shop/shared";
import type { CartVariants } from "../../features/cart/cart-engine.ts";
import { fetcherAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/products";

/**
 * The current price and stock of the cart's variants (`ids`, comma-separated), each as its
 * product's card with the variant's SKU, prices, stock and options, fresh (not cached), for the
 * cart's check against the shop. A variant the shop no longer sells is not in `items`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const checked = productBatchQuerySchema.safeParse({ ids: new URL(request.url).searchParams.get("ids") ?? "" });
  if (!checked.success) return fetcherAnswer({ items: [] } satisfies CartVariants);
  const [items, wholesale] = await Promise.all([
    context.services.catalog.variantsByIds(checked.data.ids),
    context.user ? context.services.orders.wholesalePrices(context.user, checked.data.ids) : null,
  ]);
  // An approved wholesale account's boxes are at its own price, as its quote prices them
  // (docs/decisions/102); the answer is never stored (fetcherAnswer: no-store).
  const boxes = new Map(wholesale?.items.map((box) => [box.variantId, box.boxPriceCents]));
  return fetcherAnswer({
    items: items.map((item) => {
      const box = boxes.get(item.variantId);
      return box === undefined ? item : { ...item, sellingPriceBoxCents: box };
    }),
  } satisfies CartVariants);
}
