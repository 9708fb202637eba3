import type { OrderLineInput, OrderQuote } from "@shop/shared";
import type { UsState } from "@shop/shared/constants";
import { shipStateFromCookie } from "@shop/shared/rules";
import { apiRequest } from "../../../lib/api.ts";

/**
 * What the server's rules say of each line shipped to the state (POST /api/cart/quote): the cart
 * asks for the verdicts only, never evaluating a rule itself (decision 050). Without a state, the
 * one the buyer chose (the remembered ship-to state) is asked about; null when there is none.
 */
export async function getShipVerdicts(body: {
  lines: OrderLineInput[];
  state?: UsState;
}): Promise<OrderQuote["compliance"]> {
  const state = body.state ?? shipStateFromCookie(document.cookie);
  if (!state) return null;
  const quote = await apiRequest<OrderQuote>("/api/cart/quote", { method: "POST", body: { ...body, state } });
  return quote.compliance;
}
