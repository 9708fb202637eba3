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
  const items = checked.success ? await context.services.catalog.variantsByIds(checked.data.ids) : [];
  return fetcherAnswer({ items } satisfies CartVariants);
}
