import { quoteRequestSchema } from "@shop/shared";
import type { QuoteAnswer } from "../../lib/cart-quote.ts";
import { fetcherAnswer, invalidAnswer, serviceAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/quote";

/**
 * The server's price of cart lines, for the cart and the checkout (`q`: the quote's request as
 * JSON, which the answer names again in `for`): unit prices, shipping, the state's sales tax, a
 * discount code's saving, and what the rules say of each line where it goes. A refusal (a line
 * no longer sold, a bad code) is the answer's `refusal`, in the words the API gives it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("q") ?? "";
  const checked = quoteRequestSchema.safeParse(parsedJson(asked));
  const answer = checked.success
    ? await serviceAnswer(() => context.services.orders.quote(checked.data, context.user))
    : invalidAnswer(checked.error);
  if (answer.ok) return fetcherAnswer({ for: asked, quote: answer.value } satisfies QuoteAnswer);
  return fetcherAnswer({ for: asked, refusal: answer.refusal.problem, status: answer.status } satisfies QuoteAnswer);
}

/** JSON text's value, or undefined when it is not JSON (the schema then says what is missing). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
