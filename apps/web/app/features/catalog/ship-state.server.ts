import { US_STATES, type UsState } from "@shop/shared/constants";
import { shipStateCookie, shipStateFromCookie } from "@shop/shared/rules";
import { type AppLoadContext, data, href, redirect } from "react-router";
import { postedFields } from "../../lib/form-action.ts";

/**
 * The state the buyer's goods go to, as far as the storefront knows it (docs/decisions/049): the
 * one they chose (the `shipState` cookie), or else a signed-in buyer's default address, or null.
 */
export async function buyerShipState(request: Request, context: AppLoadContext): Promise<UsState | null> {
  const chosen = shipStateFromCookie(request.headers.get("cookie"));
  if (chosen || !context.user) return chosen;
  const addresses = await context.services.accounts.listAddresses(context.user.id);
  return addresses.find((address) => address.isDefault)?.state ?? null;
}

/**
 * Whether a product ships to the buyer's state, for its page: the rules decide on the server with
 * what they look at on the product (its classes, words and latest COA's figures, as an order is
 * decided), so no rule code goes to the browser, only the answer; `soldNowhere` when a country-wide
 * rule bans it, so that it cannot be added to a cart at all.
 */
export async function shipsToOfProduct(productId: string, request: Request, context: AppLoadContext) {
  const [state, lines] = await Promise.all([
    buyerShipState(request, context),
    context.services.catalog.complianceLines([productId]),
  ]);
  const line = lines.get(productId) ?? { classes: [], attributes: {} };
  const answer = await context.services.compliance.shipsTo(line, state);
  // Banned for the state: also everywhere (the federal hemp limit)? Then nobody can buy it.
  const nowhere =
    answer.outcome === "banned" &&
    (state === null || (await context.services.compliance.shipsTo(line, null)).outcome === "banned");
  return { ...answer, soldNowhere: nowhere };
}

/** Only a path of this site: never another site (`//x`, `/\x`) a crafted form could send the buyer to. */
function localPath(value: string | undefined): string {
  return value && /^\/(?![/\\])/.test(value) ? value : href("/products");
}

/**
 * The chooser's action (POST /ship-state, with or without JavaScript): remembers the state in the
 * `shipState` cookie for a year and goes back to the page the buyer chose it on, whose loaders
 * then read it. From the product list (`filter=shipsTo`) the list comes back filtered to the
 * state, from its first page. A value that is not a US state changes nothing and says so.
 */
export async function chooseShipState(request: Request, context: AppLoadContext) {
  const fields = await postedFields(request);
  const state = fields.state ?? "";
  if (!Object.hasOwn(US_STATES, state)) {
    throw data(`Please choose a US state: “${state.slice(0, 20)}” is not one. Nothing was changed.`, {
      status: 400,
    });
  }
  let back = localPath(fields.returnTo);
  if (fields.filter === "shipsTo") {
    const url = new URL(back, "http://shop.invalid");
    url.searchParams.set("shipsTo", state);
    url.searchParams.delete("page");
    back = `${url.pathname}${url.search}`;
  }
  return redirect(back, {
    headers: { "Set-Cookie": shipStateCookie(state as UsState, context.publicUrl.startsWith("https:")) },
  });
}
