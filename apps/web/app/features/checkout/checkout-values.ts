import { zodResolver } from "@hookform/resolvers/zod";
import {
  type Address,
  type AddressInput,
  BUYER_NOTE_MAX_LENGTH,
  type PlaceOrderInput,
  type StoreAddress,
  shippingAddressInputSchema,
} from "@shop/shared";
import { type Fulfilment, US_STATES, type UsState } from "@shop/shared/constants";
import { ageOn, type CartItem, orderLines } from "@shop/shared/rules";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import { addressInput } from "../../components/form/address-fields.tsx";
import { fieldProblemInWords } from "../../lib/form-errors.ts";

/** The address choice that stands for "a new address", typed in below the saved ones. */
export const NEW_ADDRESS = "new";

export interface CheckoutValues {
  /** Shipped to an address, or picked up at the shop's store (offered when the shop has one). */
  fulfilment: Fulfilment;
  /** A saved address's id, or NEW_ADDRESS. */
  addressId: string;
  /** The new address, as typed (the API's own field names, so its refusals land beside them). */
  shippingAddress: Omit<AddressInput, "isDefault">;
  /** Save the new address to the address book once the order is placed. */
  saveAddress: boolean;
  paymentMethodId: string;
  /** What the buyer tells the shop (delivery instructions and the like); blank is none. */
  buyerNote?: string;
}

const choosePayment = "Please choose how you will pay.";
const savedAddressSchema = z.object({
  addressId: z.string().min(1, { error: "Please choose where to ship." }),
  saveAddress: z.boolean(),
  paymentMethodId: z.string({ error: choosePayment }).min(1, { error: choosePayment }),
  buyerNote: z
    .string()
    .trim()
    .max(BUYER_NOTE_MAX_LENGTH, { error: `Please keep the note to ${BUYER_NOTE_MAX_LENGTH} characters or fewer.` })
    .optional(),
});
const newAddressSchema = savedAddressSchema.extend({ shippingAddress: shippingAddressInputSchema });
const pickupSchema = savedAddressSchema.pick({ paymentMethodId: true, buyerNote: true });

// The values are sent as typed (raw): the server parses them with the same schema.
const savedAddressResolver = zodResolver(savedAddressSchema, undefined, { raw: true });
const newAddressResolver = zodResolver(newAddressSchema, undefined, { raw: true });
const pickupResolver = zodResolver(pickupSchema, undefined, { raw: true });

/**
 * Checks the new address's fields (with the address book's schema) only when it is the one chosen,
 * and no address at all for a pickup.
 */
export const checkoutResolver: Resolver<CheckoutValues> = (values, context, options) =>
  (values.fulfilment === "pickup"
    ? pickupResolver
    : values.addressId === NEW_ADDRESS
      ? newAddressResolver
      : savedAddressResolver)(values, context, options as never) as ReturnType<Resolver<CheckoutValues>>;

/** The API's field names a refusal may put on the form, in the order they are shown. */
export const checkoutFieldNames = [
  "shippingAddress.fullName",
  "shippingAddress.line1",
  "shippingAddress.line2",
  "shippingAddress.city",
  "shippingAddress.state",
  "shippingAddress.zip",
  "shippingAddress.phone",
  "paymentMethodId",
  "buyerNote",
] as const;

/** The state whose sales tax the order pays: where it ships (none until one is chosen), or the store's. */
export function shippingState(
  values: Pick<CheckoutValues, "fulfilment" | "addressId"> & { typedState: string | undefined },
  addresses: readonly Address[],
  store: StoreAddress | null,
): UsState | undefined {
  const { fulfilment, addressId, typedState } = values;
  const state =
    fulfilment === "pickup"
      ? store?.state
      : addressId === NEW_ADDRESS
        ? typedState
        : addresses.find((address) => address.id === addressId)?.state;
  return state && Object.hasOwn(US_STATES, state) ? (state as UsState) : undefined;
}

/** Where the quote asks the rules about (and the tax): the state, with the city and ZIP when known. */
export interface QuoteDestination {
  state: UsState;
  city?: string;
  zip?: string;
}

const ZIP_CODE = /^\d{5}(-\d{4})?$/;

/**
 * The destination of the quote: the chosen saved address, or the new one as typed so far (its city
 * and ZIP code only once they are ones the API takes, so half a ZIP code asks nothing), or the
 * store's state for a pickup (the server decides a pickup by the store's address). None until a
 * state is known.
 */
export function quoteDestination(
  values: Pick<CheckoutValues, "fulfilment" | "addressId"> & {
    typed: { state?: string | undefined; city?: string | undefined; zip?: string | undefined };
  },
  addresses: readonly Address[],
  store: StoreAddress | null,
): QuoteDestination | undefined {
  const { fulfilment, addressId, typed } = values;
  const state = shippingState({ fulfilment, addressId, typedState: typed.state }, addresses, store);
  if (!state || fulfilment === "pickup") return state && { state };
  const place = addressId === NEW_ADDRESS ? typed : addresses.find((address) => address.id === addressId);
  const city = place?.city?.trim() ?? "";
  const zip = place?.zip?.trim() ?? "";
  return {
    state,
    ...(city && city.length <= 80 ? { city } : {}),
    ...(ZIP_CODE.test(zip) ? { zip } : {}),
  };
}

/**
 * The lines whose rules ask an age the buyer has not reached on the day (the quote's per-line
 * minimum ages against the date of birth on the account), by position; the server refuses them
 * with 403 under_age when the order is placed.
 */
export function ageRefusals(
  compliance: { lines: readonly { minAge: number | null }[] } | null | undefined,
  count: number,
  buyer: { dateOfBirth: string | null; today: string },
): ({ text: string; sourceUrl: null } | undefined)[] {
  const age = buyer.dateOfBirth ? ageOn(buyer.dateOfBirth, buyer.today) : null;
  return Array.from({ length: count }, (_, index) => {
    const minAge = compliance?.lines[index]?.minAge ?? null;
    return age !== null && minAge !== null && age < minAge
      ? { text: `You must be ${minAge} or older to buy this.`, sourceUrl: null }
      : undefined;
  });
}

/**
 * Why "Place order" is refused while the quote's verdicts refuse a line (decision 050), or null:
 * the line by name with the rule's words, and what the buyer can do about it.
 */
export function placeOrderRefusal(
  names: readonly string[],
  refusals: readonly ({ text: string; sourceUrl: string | null } | undefined)[],
  pickup: boolean,
): string | null {
  const refused = names.flatMap((name, index) => {
    const refusal = refusals[index];
    return refusal ? [{ name, refusal }] : [];
  });
  const [first] = refused;
  if (!first) return null;
  const banned = refused.some(({ refusal }) => refusal.sourceUrl !== null);
  const way = `Please remove ${refused.length === 1 ? "it" : "them"} from your cart${banned && !pickup ? " or choose another address" : ""}.`;
  return refused.length === 1
    ? `This order cannot be placed while “${first.name}” is in it: ${first.refusal.text} ${way}`
    : `This order cannot be placed while the ${refused.length} products marked above are in it. ${way}`;
}

/** What POST /api/Order takes: the lines, the chosen or typed address (none for a pickup), and the payment method. */
export function placeOrderBody(
  values: CheckoutValues,
  addresses: readonly Address[],
  items: readonly CartItem[],
): PlaceOrderInput {
  const { paymentMethodId } = values;
  const note = values.buyerNote?.trim();
  const buyerNote = note ? { buyerNote: note } : {};
  if (values.fulfilment === "pickup")
    return { lines: orderLines(items), fulfilment: "pickup", paymentMethodId, ...buyerNote };
  const saved = addresses.find((address) => address.id === values.addressId);
  let shippingAddress: PlaceOrderInput["shippingAddress"];
  if (values.addressId !== NEW_ADDRESS && saved) {
    const { isDefault: _, ...fields } = addressInput(saved);
    shippingAddress = fields;
  } else {
    shippingAddress = values.shippingAddress;
  }
  return { lines: orderLines(items), fulfilment: "ship", shippingAddress, paymentMethodId, ...buyerNote };
}

/**
 * What a refusal says about each line of the order (`lines.N` in its fields), by position. The
 * server stops at the first line it cannot sell, and its message names that product and what to
 * do, so that line gets the message; should several be named, each gets its own words.
 */
export function lineProblems(
  problem: { message: string; fields: Readonly<Record<string, string>> } | null | undefined,
  names: readonly string[],
): (string | undefined)[] {
  const named = names.map((_, index) => problem?.fields[`lines.${index}`]);
  const count = named.filter(Boolean).length;
  if (!problem || count === 0) return named;
  return named.map((text, index) =>
    text === undefined ? undefined : count === 1 ? problem.message : fieldProblemInWords(`“${names[index]}”`, text),
  );
}

const STORAGE_KEY = "checkoutIdempotencyKey";
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; a shop served over plain HTTP still gets 128 random bits.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The Idempotency-Key of this checkout attempt: made once, kept in the tab's sessionStorage, so a
 * retry after a lost answer (or a reload) sends the same key and gets the same order, never a
 * second one. It is forgotten once an order is placed. Without storage it lives as long as the page.
 */
export function checkoutKey(storage: Pick<Storage, "getItem" | "setItem"> | null, make = newKey): string {
  try {
    const kept = storage?.getItem(STORAGE_KEY);
    if (kept && KEY_PATTERN.test(kept)) return kept;
  } catch {
    // Storage refused (private browsing, a policy): the page keeps the key.
  }
  const key = make();
  try {
    storage?.setItem(STORAGE_KEY, key);
  } catch {
    // As above.
  }
  return key;
}

/** After an order is placed (or its key was spent on another order): the next attempt gets a new key. */
export function forgetCheckoutKey(storage: Pick<Storage, "removeItem"> | null): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
