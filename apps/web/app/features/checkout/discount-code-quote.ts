import type { OrderQuote } from "@shop/shared";
import type { CartItem } from "@shop/shared/rules";
import { useQuote } from "../../lib/cart-quote.ts";

/**
 * The server's quote of the cart with a discount code (the quote route), for the cart page: asked
 * again when the lines or the code change; undefined without a code or while the answer is on its
 * way, null when it failed (a product no longer sold: the cart's own check says so).
 */
export function useCodeQuote(items: readonly CartItem[], code: string | null): OrderQuote | null | undefined {
  const request =
    code && items.length > 0
      ? { lines: items.map(({ productId, unit, quantity }) => ({ productId, unit, quantity })), discountCode: code }
      : null;
  const { quote, stale, error } = useQuote(request);
  if (!request || (stale && !error)) return undefined;
  return error ? null : quote;
}
