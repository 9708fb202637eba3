import type { OrderLineInput, OrderQuote } from "@shop/shared";
import type { Fulfilment, UsState } from "@shop/shared/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";

/**
 * The server's price of the lines (POST /api/cart/quote): unit prices, shipping (none for a pickup)
 * and the state's sales tax. Asked again when the lines, the way or the state change; the last
 * answer stays on screen meanwhile, so the review does not jump.
 */
export function useQuote(lines: readonly OrderLineInput[], fulfilment: Fulfilment, state: UsState | undefined) {
  return useQuery({
    queryKey: ["cart-quote", lines, fulfilment, state ?? null],
    queryFn: () =>
      apiRequest<OrderQuote>("/api/cart/quote", {
        method: "POST",
        body: { lines, fulfilment, ...(state ? { state } : {}) },
      }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
  });
}
