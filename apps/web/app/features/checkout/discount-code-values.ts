import type { OrderQuote } from "@shop/shared";
import { normalizeDiscountCode } from "@shop/shared/rules";

/** Where the cart page leaves the applied code for the checkout (this tab only). */
const KEY = "shop.discountCode";

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberedCode(): string | null {
  return store()?.getItem(KEY) ?? null;
}

export function rememberCode(code: string | null): void {
  const storage = store();
  if (!storage) return;
  if (code) storage.setItem(KEY, code);
  else storage.removeItem(KEY);
}

/** What is wrong with a typed code before asking the server (the server's schema says the same). */
export function codeProblem(typed: string): string | null {
  const code = normalizeDiscountCode(typed);
  if (code === "") return "Please enter a code.";
  if (code.length > 30) return "A code is at most 30 characters.";
  if (!/^[A-Z0-9_-]+$/.test(code)) return "A code has only letters, digits, '-' and '_'.";
  return null;
}

/** The asked code as the quote answered it: applied with what it saves, refused with why, or still being priced. */
export type CodeState =
  | { kind: "none" }
  | { kind: "pending"; code: string }
  | { kind: "applied"; code: string; savedCents: number }
  | { kind: "refused"; code: string; refusal: string };

export const CODE_UNCHECKED = "The code could not be checked just now. Please try again.";

/** `failed`: the quote was refused or did not arrive, so the code is neither applied nor refused for itself. */
export function codeState(
  asked: string | null,
  quote: Pick<OrderQuote, "discount" | "discountCents"> | undefined,
  failed = false,
): CodeState {
  if (!asked) return { kind: "none" };
  const code = normalizeDiscountCode(asked);
  if (failed) return { kind: "refused", code, refusal: CODE_UNCHECKED };
  if (!quote?.discount || quote.discount.code !== code) return { kind: "pending", code };
  if (quote.discount.refusal) return { kind: "refused", code, refusal: quote.discount.refusal };
  return { kind: "applied", code, savedCents: quote.discountCents };
}

/** The code an order is placed with: only one the quote applied (a refused one would refuse the order). */
export const codeToPlace = (state: CodeState): string | undefined =>
  state.kind === "applied" ? state.code : undefined;
