import type { OrderLineInput, OrderQuote } from "@shop/shared";
import type { UsState } from "@shop/shared/constants";
import { shipStateFromCookie } from "@shop/shared/rules";
import { loadQuote } from "../../lib/cart-quote.ts";

/**
 * What the server's rules say of each line (the quote route): where it ships to the state, and
 * the age it is sold at, with whether the signed-in buyer is too young for it. The cart asks for
 * the verdicts only, never evaluating a rule itself (decisions 050, 079). Without a state, the one
 * the buyer chose (the remembered ship-to state) is asked about; with none, the ages alone.
 */
export async function getShipVerdicts(body: {
  lines: OrderLineInput[];
  state?: UsState;
}): Promise<Pick<OrderQuote, "compliance" | "ages">> {
  const state = body.state ?? shipStateFromCookie(document.cookie);
  const quote = await loadQuote({ ...body, ...(state ? { state } : {}) });
  return { compliance: quote.compliance, ages: quote.ages };
}
