import type { ApiError } from "@shop/shared";

/**
 * What the checkout page's action answers its script (decision 089): the date of birth saved, the
 * order placed (its number), or why not, in the API's words and with its status.
 */
export type CheckoutAnswer =
  | { intent: "date-of-birth"; saved: true }
  | { intent: "place"; placed: string }
  | { intent: "date-of-birth" | "place"; refusal: ApiError; status: number };
