import type { OrderLineInput, OrderQuote } from "@shop/shared";
import type { Fulfilment } from "@shop/shared/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import type { QuoteDestination } from "../checkout-values.ts";

/**
 * The server's price of the lines (POST /api/cart/quote): unit prices, shipping (none for a pickup),
 * the state's sales tax, and what the rules say of each line where it goes (decision 050). Asked
 * again when the lines, the way or the destination change; the last answer stays on screen
 * meanwhile, so the review does not jump.
 */
export function useQuote(
  lines: readonly OrderLineInput[],
  fulfilment: Fulfilment,
  destination: QuoteDestination | undefined,
  /** A discount code the buyer applied; the quote says what it saves or why not. */
  discountCode: string | null = null,
) {
  return useQuery({
    queryKey: ["cart-quote", lines, fulfilment, destination ?? null, discountCode],
    queryFn: () =>
      apiRequest<OrderQuote>("/api/cart/quote", {
        method: "POST",
        body: { lines, fulfilment, ...destination, ...(discountCode ? { discountCode } : {}) },
      }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
  });
}
