import type { OrderQuote, QuoteRequest } from "@shop/shared";
import type { UsState } from "@shop/shared/constants";
import { type CartItem, type CartTotals, normalizeDiscountCode, orderLines } from "@shop/shared/rules";
import { useEffect, useId } from "react";
import type { TotalsAdjustment, TotalsFigures } from "../../components/order-totals.tsx";
import { cartRefusalWords, type LineRefusal, lineAgeWords, lineRefusals } from "../../components/refusal.tsx";
import { useQuote } from "../../lib/cart-quote.ts";
import { useCart } from "./components/cart-context.tsx";

/** Lines the rules refuse (where the cart ships, or for the buyer's age): why, and the id of the notice that says so. */
export interface CartRefusals {
  text: string;
  noticeId: string;
}

/** What the cart's summary shows: the server's price of the cart, or the cart's own estimate until it has one. */
export interface CartPrice {
  /** The server's quote of the cart as it is on screen; null while it is asked, or when it could not be had. */
  quote: OrderQuote | null;
  /** Whether the quote is on its way: what only it can say (the tax, a code's saving) waits for it. */
  pending: boolean;
  /** The state the cart is priced for, when one is known: its sales tax comes with the quote. */
  state: UsState | null;
  /** The discount code asked for, whose saving only the quote knows. */
  code: string | null;
}

export interface CartQuote {
  price: CartPrice;
  /** The quote of the cart as asked now (for the discount code box), undefined until it answers. */
  answered: OrderQuote | undefined;
  /** Whether the quote asked now was refused, or could not be asked. */
  failed: boolean;
  /** By line position: why the rules refuse the line, and the age it asks of a buyer not known. */
  refused: (LineRefusal | undefined)[];
  notes: (string | undefined)[];
  /** What the summary and the Checkout button say while a line is refused; null when none is. */
  refusals: CartRefusals | null;
  /** The shop's age to buy, said to a buyer whose age is not known. */
  ageNote: string | null;
}

/** Whether a quote prices the lines as the cart shows them: the same variants, units, quantities and prices. */
export function quotesTheCart(quote: Pick<OrderQuote, "lines">, items: readonly CartItem[]): boolean {
  return (
    quote.lines.length === items.length &&
    quote.lines.every((line, index) => {
      const item = items[index];
      return (
        item !== undefined &&
        line.variantId === item.variantId &&
        line.unit === item.unit &&
        line.quantity === item.quantity &&
        line.unitPriceCents === item.unitPriceCents
      );
    })
  );
}

/** Whether a quote names the cart's variants and units (its verdicts do not depend on the quantities). */
function namesTheCart(quote: Pick<OrderQuote, "lines">, items: readonly CartItem[]): boolean {
  return (
    quote.lines.length === items.length &&
    quote.lines.every((line, index) => line.variantId === items[index]?.variantId && line.unit === items[index]?.unit)
  );
}

/**
 * The summary's figures: the server's quote once it has one; until then, or when it could not be
 * had, the cart's estimate: its subtotal and the spec's shipping rule, with the rows only the
 * server can price (a code's saving, the shipping after it, the state's sales tax) waiting for the
 * quote, or left to the checkout when it could not be had. `goodsCents` is what free shipping is
 * decided on: the goods after a discount.
 */
export function cartFigures(
  cart: Pick<CartTotals, "subtotalCents" | "shippingCents" | "totalCents">,
  { quote, pending, state, code }: CartPrice,
): { figures: TotalsFigures; estimate: boolean; goodsCents: number; discounted: boolean } {
  if (quote) {
    const shipping = quote.adjustments.find((adjustment) => adjustment.kind === "shipping");
    return {
      figures: quote,
      estimate: false,
      goodsCents: shipping?.basisCents ?? quote.subtotalCents - quote.discountCents,
      discounted: quote.discountCents > 0,
    };
  }
  const open = (kind: TotalsAdjustment["kind"], label: string): TotalsAdjustment => ({
    kind,
    label,
    rateBasisPoints: null,
    amountCents: null,
    ...(pending ? {} : { note: "At checkout" }),
  });
  const priced = code !== null && pending;
  const adjustments: TotalsAdjustment[] = [
    ...(priced ? [open("discount", `Discount (${normalizeDiscountCode(code)})`)] : []),
    priced
      ? open("shipping", "Shipping")
      : { kind: "shipping", label: "Shipping", rateBasisPoints: null, amountCents: cart.shippingCents },
    ...(state ? [open("sales_tax", "Sales tax")] : []),
  ];
  const waiting = pending && adjustments.some((adjustment) => adjustment.amountCents === null);
  return {
    figures: { subtotalCents: cart.subtotalCents, adjustments, totalCents: waiting ? null : cart.totalCents },
    estimate: true,
    goodsCents: cart.subtotalCents,
    discounted: false,
  };
}

/**
 * The server's quote of the cart for the cart page and the drawer, with the real quantities:
 * its prices and totals for the summary, and the rules' verdicts on each line where it ships (the
 * state the buyer chose, or a signed-in buyer's default address; decision 050) and for the
 * buyer's age (decision 079). It is asked once the restored cart was checked against the shop, so
 * a product no longer sold is gone by then, and again when the lines, the state or the code
 * change. The verdicts do not depend on the quantities: the last answer's stay while the cart
 * names the same products, so a quantity change (or a quantity the stock refuses) never hides a
 * ban. A quote whose prices are not the cart's means the shop's prices changed since the cart was
 * checked: the cart is checked again, and says what changed, before the quote is shown.
 */
export function useCartQuote(
  items: readonly CartItem[],
  {
    state,
    code = null,
    ready = true,
  }: {
    state: UsState | null;
    code?: string | null;
    /** False while a page checks the cart against the shop again (it may hold a product sold out since). */
    ready?: boolean;
  },
): CartQuote {
  const noticeId = useId();
  const { checked, recheck } = useCart();
  const request: QuoteRequest | null =
    checked && ready && items.length > 0
      ? {
          lines: orderLines(items),
          ...(state ? { state } : {}),
          ...(code ? { discountCode: code } : {}),
        }
      : null;
  const asked = useQuote(request);
  const answered = asked.stale ? undefined : (asked.quote ?? undefined);
  const quote = answered && quotesTheCart(answered, items) ? answered : null;
  const outdated = answered !== undefined && quote === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again once for each answer that disagrees
  useEffect(() => {
    if (outdated) void recheck();
  }, [answered]);

  const verdicts = asked.quote && namesTheCart(asked.quote, items) ? asked.quote : null;
  const bans = lineRefusals(verdicts?.compliance, items.length);
  const ages = lineAgeWords(verdicts?.ages, items.length);
  const text = cartRefusalWords(
    bans.map((ban, index) => ({ ban: ban !== undefined, young: ages[index]?.refusal !== undefined })),
    verdicts?.ages,
  );
  const unknownBuyer = verdicts?.ages.lines.some((line) => line.tooYoung === null);
  // A wholesale order the shop would refuse (under the minimum, no valid licence where it ships):
  // said, and the way to the checkout closed, as for a refused line (docs/decisions/102).
  const stop = text ?? quote?.wholesale?.problem ?? null;
  return {
    price: { quote, pending: answered === undefined && asked.error === null, state, code },
    answered,
    failed: asked.error !== null,
    refused: bans.map((ban, index) => ban ?? ages[index]?.refusal),
    notes: ages.map((age) => age.note),
    refusals: stop ? { text: stop, noticeId } : null,
    ageNote:
      verdicts && unknownBuyer ? `You must be ${verdicts.ages.purchaseMinAge} or older to buy from this shop.` : null,
  };
}
