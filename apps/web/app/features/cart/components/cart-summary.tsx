import type { UsState } from "@shop/shared/constants";
import { type CartItem, type CartState, formatCents, type ShippingRules } from "@shop/shared/rules";
import { useEffect, useId, useState } from "react";
import { href, Link } from "react-router";
import {
  cartRefusalWords,
  type LineRefusal,
  lineAgeWords,
  lineRefusals,
  type QuoteAges,
  type QuoteCompliance,
} from "../../../components/refusal.tsx";
import { type ButtonStyle, buttonClass } from "../../../components/ui/button.tsx";
import { loadOnce } from "../../../lib/lazy-part.ts";
import { useCart } from "./cart-context.tsx";

/** Lines the rules refuse (where the cart ships, or for the buyer's age): why, and the id of the notice that says so. */
export interface CartRefusals {
  text: string;
  noticeId: string;
}

/** The server's verdicts on the cart's lines (features/cart/ship-verdicts.ts). */
interface CartVerdicts {
  compliance: QuoteCompliance | null;
  ages: QuoteAges;
}

/** Subtotal, shipping and total, with how far the buyer is from free shipping. */
export function CartSummary({
  cart,
  rules,
  refusals,
  ageNote,
}: {
  cart: CartState;
  rules: ShippingRules;
  /** When a line cannot ship where the cart goes, the summary says it must be removed. */
  refusals?: CartRefusals | null;
  /** The shop's age to buy, said to a buyer whose age is not known. */
  ageNote?: string | null;
}) {
  const missing = rules.freeOverCents + 1 - cart.subtotalCents;
  return (
    <div className="space-y-2 text-sm">
      <dl className="space-y-2">
        <div className="flex justify-between">
          <dt className="text-muted">Subtotal</dt>
          <dd className="font-medium">{formatCents(cart.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd className="font-medium">{cart.shippingCents === 0 ? "Free" : formatCents(cart.shippingCents)}</dd>
        </div>
      </dl>
      {cart.items.length > 0 && missing > 0 && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-brand-900">
          Spend {formatCents(missing)} more for free shipping (orders over {formatCents(rules.freeOverCents)}).
        </p>
      )}
      <dl className="flex justify-between border-line border-t pt-3 text-base">
        <dt className="font-semibold">Total</dt>
        <dd className="font-bold">{formatCents(cart.totalCents)}</dd>
      </dl>
      <CartNotices refusals={refusals} ageNote={ageNote} />
    </div>
  );
}

/** Why the cart cannot go on (a refusal), or the shop's age to buy for a buyer not known. */
export function CartNotices({ refusals, ageNote }: { refusals?: CartRefusals | null; ageNote?: string | null }) {
  if (refusals) {
    return (
      <p id={refusals.noticeId} className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800 text-sm">
        {refusals.text}
      </p>
    );
  }
  return ageNote ? <p className="text-muted text-sm">{ageNote}</p> : null;
}

/** The way on to the checkout; while a line cannot ship, a disabled button that the notice explains. */
export function CheckoutLink({
  refusals,
  onClick,
  ...style
}: ButtonStyle & { refusals?: CartRefusals | null; onClick?: () => void }) {
  if (refusals) {
    return (
      <button type="button" disabled aria-describedby={refusals.noticeId} className={buttonClass(style)}>
        Checkout
      </button>
    );
  }
  return (
    <Link to={href("/cart/checkout")} onClick={onClick} className={buttonClass(style)}>
      Checkout
    </Link>
  );
}

// Loaded when a cart is shown: the drawer's code, which every storefront page may preload, names
// no more files for it (the size budget).
const verdictsApi = loadOnce(() => import("../ship-verdicts.ts"));

/**
 * The cart's lines that cannot be bought, for the cart page and the drawer: those the rules ban
 * where it ships ("remembered": the state the buyer chose, read from its cookie with the
 * verdicts), and those a signed-in buyer is too young for (decision 079). Each line's
 * refusal and age note by position, what the summary and the Checkout button say (null when
 * nothing is refused), and the shop's age to buy for a buyer not known. Nothing is marked while
 * there is no answer yet, or when the quote was refused (a product no longer sold: the cart's own
 * check says so). Each line is asked as one piece: the verdicts do not depend on the quantity, so
 * a quantity change asks nothing.
 */
export function useCartRefusals(
  items: readonly CartItem[],
  state: UsState | "remembered" | null,
  /** False while a page checks the cart against the shop again (it may hold a product sold out since). */
  ready = true,
): {
  refused: (LineRefusal | undefined)[];
  notes: (string | undefined)[];
  refusals: CartRefusals | null;
  ageNote: string | null;
} {
  const noticeId = useId();
  // Asked once the restored cart was checked against the shop: a product no longer sold is gone by then.
  const { checked } = useCart();
  const body =
    checked && ready && items.length > 0
      ? JSON.stringify({
          lines: items.map(({ productId, unit }) => ({ productId, unit, quantity: 1 })),
          ...(state && state !== "remembered" ? { state } : {}),
        })
      : null;
  const [answer, setAnswer] = useState<{ body: string; verdicts: CartVerdicts | null } | null>(null);
  useEffect(() => {
    if (!body) return;
    let current = true;
    verdictsApi()
      .then(({ getShipVerdicts }) => getShipVerdicts(JSON.parse(body)))
      .then((verdicts) => current && setAnswer({ body, verdicts }))
      .catch((error: unknown) => {
        console.warn("Could not ask about the cart's products", error);
        if (current) setAnswer({ body, verdicts: null });
      });
    return () => {
      current = false;
    };
  }, [body]);
  const verdicts = answer?.body === body ? answer.verdicts : null;
  const bans = lineRefusals(verdicts?.compliance, items.length);
  const ages = lineAgeWords(verdicts?.ages, items.length);
  const text = cartRefusalWords(
    bans.map((ban, index) => ({ ban: ban !== undefined, young: ages[index]?.refusal !== undefined })),
    verdicts?.ages,
  );
  const unknownBuyer = verdicts?.ages.lines.some((line) => line.tooYoung === null);
  return {
    refused: bans.map((ban, index) => ban ?? ages[index]?.refusal),
    notes: ages.map((age) => age.note),
    refusals: text ? { text, noticeId } : null,
    ageNote:
      verdicts && unknownBuyer ? `You must be ${verdicts.ages.purchaseMinAge} or older to buy from this shop.` : null,
  };
}
