import type { OrderQuote } from "@shop/shared";
import type { CartItem } from "@shop/shared/rules";
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api.ts";

/**
 * The server's quote of the cart with a discount code (POST /api/cart/quote), for the cart page:
 * asked again when the lines or the code change; undefined without a code or while the answer is
 * on its way, null when it failed (a product no longer sold: the cart's own check says so).
 */
export function useCodeQuote(items: readonly CartItem[], code: string | null): OrderQuote | null | undefined {
  const body =
    code && items.length > 0
      ? JSON.stringify({
          lines: items.map(({ productId, unit, quantity }) => ({ productId, unit, quantity })),
          discountCode: code,
        })
      : null;
  const [answer, setAnswer] = useState<{ body: string; quote: OrderQuote | null } | null>(null);
  useEffect(() => {
    if (!body) return;
    let current = true;
    apiRequest<OrderQuote>("/api/cart/quote", { method: "POST", body: JSON.parse(body) })
      .then((quote) => current && setAnswer({ body, quote }))
      .catch((error: unknown) => {
        console.warn("Could not price the discount code", error);
        if (current) setAnswer({ body, quote: null });
      });
    return () => {
      current = false;
    };
  }, [body]);
  return answer?.body === body ? answer.quote : undefined;
}
