// The manual payment methods' payee details (docs/decisions/078): what each kind needs before buyers
// may be offered it, checked in words beside each field, on the Settings form and by the API alike.
import {
  PAYEE_FIELDS,
  PAYEE_LABELS,
  type PayeeField,
  type PaymentKind,
  type PaymentPayee,
} from "../constants/orders.ts";
import { addDays, dayOf, formatDate } from "./days.ts";

const NAME_MAX = 80;
const ADDRESS_MAX = 300;

/**
 * Whether nine digits are a routing number by the ABA check digit: 3, 7 and 1 times the digits in
 * turn add up to a multiple of ten. Catches one mistyped digit and most swapped pairs.
 */
export function abaChecksumHolds(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1];
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (weights[index % 3] as number), 0);
  return sum % 10 === 0;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The digits of a U.S. phone number as typed ("(512) 555-0147", "+1 512 555 0147"), or null. */
function usPhoneDigits(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** What a filled-in field says wrong, whatever the method's switch: its format. */
function formatProblem(kind: PaymentKind, field: PayeeField, value: string): string | null {
  switch (field) {
    case "routingNumber":
      if (!/^\d{9}$/.test(value)) return "A routing number has 9 digits, without spaces.";
      return abaChecksumHolds(value)
        ? null
        : "This is not a valid routing number: its check digit does not match. Please check each digit.";
    case "accountNumber":
      return /^\d{4,17}$/.test(value) ? null : "An account number has 4 to 17 digits, without spaces or dashes.";
    case "zelle":
      return value.length <= 100 && (EMAIL.test(value) || usPhoneDigits(value))
        ? null
        : "Please enter an e-mail address, such as payments@example.com, or a U.S. mobile number with 10 digits.";
    case "mailingAddress":
      return value.length <= ADDRESS_MAX ? null : `Please keep the address under ${ADDRESS_MAX} characters.`;
    default:
      return value.length <= NAME_MAX
        ? null
        : `Please keep the ${(PAYEE_LABELS[kind][field] ?? field).toLowerCase()} under ${NAME_MAX} characters.`;
  }
}

/** What to say of a field left empty on a method that is switched on. */
const missing: Record<PaymentKind, Partial<Record<PayeeField, string>>> = {
  bank_transfer: {
    name: "Please enter the name on the bank account.",
    bankName: "Please enter the bank's name.",
    routingNumber: "Please enter the bank's 9-digit routing number.",
    accountNumber: "Please enter the account number.",
  },
  zelle: {
    zelle: "Please enter the e-mail address or U.S. mobile number the shop's Zelle account uses.",
    name: "Please enter the name buyers see on Zelle.",
  },
  money_order: {
    name: "Please enter whom the money order is made out to.",
    mailingAddress: "Please enter the address to mail the money order to.",
  },
  card: {},
};

/**
 * The payee details' problems, by field, in words (none: an empty object). A method that is offered
 * needs every field of its kind; one that is off may be saved half filled in, but what is filled
 * in must be right.
 */
export function payeeProblems(
  kind: PaymentKind,
  payee: PaymentPayee,
  enabled: boolean,
): Partial<Record<PayeeField, string>> {
  const problems: Partial<Record<PayeeField, string>> = {};
  for (const field of PAYEE_FIELDS[kind]) {
    const value = payee[field].trim();
    const problem = value ? formatProblem(kind, field, value) : enabled ? (missing[kind][field] ?? null) : null;
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Whether buyers may be offered a method: switched on, with every payee detail of its kind in order. */
export function isPayable(method: { kind: PaymentKind; payee: PaymentPayee; enabled: boolean }): boolean {
  return method.enabled && Object.keys(payeeProblems(method.kind, method.payee, true)).length === 0;
}

/** The payee details as shown to the buyer, label and value, in the kind's order. */
export function payeeLines(kind: PaymentKind, payee: PaymentPayee): [label: string, value: string][] {
  return PAYEE_FIELDS[kind]
    .filter((field) => payee[field].trim())
    .map((field) => [PAYEE_LABELS[kind][field] ?? field, payee[field].trim()]);
}

/**
 * The day an order must be paid by (UTC): the day `unpaidCancelDays` after it was placed, when the
 * unpaid-order job cancels it.
 */
export function payByDay(placedAt: string, unpaidCancelDays: number): string {
  return addDays(dayOf(new Date(placedAt)), unpaidCancelDays);
}

/** "Pay by December 5, 2026 or the order is cancelled.": the pay-by day as the buyer reads it. */
export function payByWords(payBy: string): string {
  return `Pay by ${formatDate(payBy)} or the order is cancelled.`;
}

/** The day (UTC) an order on terms must be paid by: the day it was placed plus its terms' days. */
export function termsDueDay(placedAt: string, termsDays: number): string {
  return addDays(dayOf(new Date(placedAt)), termsDays);
}

/** "Due 2026-12-30, net 30": the due day of an order on terms placed at `placedAt`, as invoices print it. */
export function termsDueWords(placedAt: string, dueOn: string): string {
  const net = daysOverdue(dayOf(new Date(placedAt)), dueOn);
  return net > 0 ? `Due ${dueOn}, net ${net}` : `Due ${dueOn}`;
}

/** Whole days an order due on `dueOn` is late on `today` (both YYYY-MM-DD); 0 until the day after it. */
export function daysOverdue(dueOn: string, today: string): number {
  return Math.max(Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000), 0);
}
