import { type ProductBatch, productBatchQuerySchema } from "@shop/shared";
import { fetcherAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/products";

/**
 * The current price and stock of the cart's products (`ids`, comma-separated), fresh (not cached),
 * for the cart's check against the shop. A product the shop no longer sells is not in `items`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const checked = productBatchQuerySchema.safeParse({ ids: new URL(request.url).searchParams.get("ids") ?? "" });
  const items = checked.success ? await context.services.catalog.productsByIds(checked.data.ids) : [];
  return fetcherAnswer({ items } satisfies ProductBatch);
}
