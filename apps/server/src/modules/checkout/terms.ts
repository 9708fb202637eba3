import type { PaymentMethod, ShopSettings } from "@shop/shared";
import { TERMS_PAYMENT_METHOD_ID, termsMethodName } from "@shop/shared/constants";
import { Conflict, Invalid } from "@shop/shared/errors";
import { formatCents, formatDate, isPayable, termsDueDay } from "@shop/shared/rules";
import type { OrdersService } from "../fulfilment/service.ts";
import type { WholesaleStanding } from "../wholesale/service.ts";

// Payment on terms at checkout (docs/decisions/102): an approved wholesale account with terms pays
// net 15 or net 30 after the order ships. Checkout asks this file only where the payment method is
// chosen; the rest of the order is placed as any other.

/** The shop's first payable method the buyer sends money with themselves (not a card): where a terms order is paid. */
function payeeMethod(shop: ShopSettings): PaymentMethod | null {
  return shop.paymentMethods.find((method) => isPayable(method) && method.kind !== "card") ?? null;
}

/**
 * The "Pay on terms (net N)" method for an account with terms, carrying the payee details of the
 * shop's first bank transfer, Zelle or money order method (how the money is sent when it is due);
 * null when the buyer has no terms or the shop has no such method.
 */
export function termsMethod(termsDays: number | null, shop: ShopSettings): PaymentMethod | null {
  const payee = payeeMethod(shop);
  if (!termsDays || !payee) return null;
  return {
    id: TERMS_PAYMENT_METHOD_ID,
    kind: payee.kind,
    name: termsMethodName(termsDays),
    instructions: `We ship now; pay the invoice within ${termsDays} days of the order, by ${payee.name.toLowerCase()} to the details below, with the order number as the reference.`,
    payee: payee.payee,
    enabled: true,
  };
}

/** An order's payment on terms: the method as the order keeps it and the day it is due. */
export interface TermsPayment {
  payment: PaymentMethod;
  dueOn: string;
}

/**
 * The terms payment a buyer chose, checked: null when they chose another method. Refused in words
 * for a buyer without an approved account with terms (400, as any method not offered), and for an
 * account with an order on terms unpaid after its due day (409 `terms_past_due`, naming them).
 */
export async function termsPayment(
  chosen: string,
  userId: string,
  context: {
    shop: ShopSettings;
    at: Date;
    today: string;
    /** The buyer's wholesale standing on `today`; null: no approved account. */
    standing: WholesaleStanding | null;
    orders: Pick<OrdersService, "overdueOnTerms">;
  },
): Promise<TermsPayment | null> {
  if (chosen !== TERMS_PAYMENT_METHOD_ID) return null;
  const { shop, at, today, standing } = context;
  const payment = termsMethod(standing?.termsDays ?? null, shop);
  if (!standing || !payment) {
    throw new Invalid(
      standing?.termsDays
        ? "Paying on terms needs a way to send the money, and this shop has none set up. Please choose another way to pay."
        : "Paying on terms is for approved wholesale accounts with terms. Please choose one of the payment methods offered.",
      { fields: { paymentMethodId: "is not one of the payment methods offered" } },
    );
  }
  const overdue = await context.orders.overdueOnTerms(userId, today);
  if (overdue.length > 0) {
    const named = overdue
      .map((order) => `${order.number} (due ${formatDate(order.dueOn)}, ${formatCents(order.balanceCents)} unpaid)`)
      .join(", ");
    throw new Conflict(
      `Your account is past due, so this order cannot be placed on terms: please pay order${overdue.length > 1 ? "s" : ""} ${named} first, or choose another way to pay.`,
      { code: "terms_past_due" },
    );
  }
  return { payment, dueOn: termsDueDay(at.toISOString(), standing.termsDays as number) };
}
