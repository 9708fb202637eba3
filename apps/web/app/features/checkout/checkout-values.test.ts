import { type Address, placeOrderSchema, type StoreAddress } from "@shop/shared";
import type { CartItem } from "@shop/shared/rules";
import { describe, expect, it } from "vitest";
import {
  ageRefusals,
  type CheckoutValues,
  checkoutKey,
  checkoutResolver,
  forgetCheckoutKey,
  lineProblems,
  NEW_ADDRESS,
  placeOrderBody,
  placeOrderRefusal,
  quoteDestination,
  shippingState,
} from "./checkout-values.ts";

const item = (productId: string, unit: CartItem["unit"], quantity: number, variantId = productId): CartItem => ({
  id: unit === "box" ? `${variantId}:box` : variantId,
  productId,
  variantId,
  sku: `SKU-${productId}`,
  name: `Product ${productId}`,
  options: [],
  brand: null,
  image: null,
  categorySlug: "flowers",
  unit,
  unitPriceCents: 1999,
  piecesPerUnit: unit === "box" ? 10 : 1,
  stock: 50,
  deliveryAvailable: true,
  quantity,
});

const saved: Address = {
  id: "a1",
  fullName: "Robin Hale",
  line1: "12 Elm Street",
  line2: null,
  city: "Austin",
  state: "TX",
  zip: "73301",
  phone: "5125550123",
  isDefault: true,
};

const typed: CheckoutValues["shippingAddress"] = {
  fullName: "Sam Lee",
  line1: "1 Main St",
  line2: "Apt 4",
  city: "Denver",
  state: "CO",
  zip: "80202",
  phone: "",
};

const store: StoreAddress = {
  fullName: "Smoke & Leaf",
  line1: "400 Fremont Street",
  line2: null,
  city: "Las Vegas",
  state: "NV",
  zip: "89101",
  phone: null,
  hours: null,
};

const values = (change: Partial<CheckoutValues> = {}): CheckoutValues => ({
  fulfilment: "ship",
  addressId: saved.id,
  shippingAddress: {
    fullName: "",
    line1: "",
    line2: "",
    city: "",
    zip: "",
    phone: "",
  } as CheckoutValues["shippingAddress"],
  saveAddress: true,
  paymentMethodId: "zelle",
  ...change,
});

describe("shippingState: the state the quote's sales tax is for", () => {
  const ship = (addressId: string, typedState: string | undefined) =>
    ({ fulfilment: "ship", addressId, typedState }) as const;
  it("is the saved address's state, or the state typed for a new address", () => {
    expect(shippingState(ship("a1", "CO"), [saved], store)).toBe("TX");
    expect(shippingState(ship(NEW_ADDRESS, "CO"), [saved], store)).toBe("CO");
  });
  it("is the store's state for a pickup, whatever address is chosen", () => {
    expect(shippingState({ fulfilment: "pickup", addressId: "a1", typedState: "CO" }, [saved], store)).toBe("NV");
  });
  it("is none before a state is chosen, for an unknown address, or for a code that is not a state", () => {
    expect(shippingState(ship(NEW_ADDRESS, ""), [saved], null)).toBeUndefined();
    expect(shippingState(ship(NEW_ADDRESS, undefined), [], null)).toBeUndefined();
    expect(shippingState(ship("gone", undefined), [saved], null)).toBeUndefined();
    expect(shippingState(ship(NEW_ADDRESS, "toString"), [], null)).toBeUndefined();
  });
});

describe("quoteDestination: where the quote asks the rules about", () => {
  const ship = (addressId: string, typed: { state?: string; city?: string; zip?: string }) =>
    ({ fulfilment: "ship", addressId, typed }) as const;
  it("is the saved address's state, city and ZIP code", () => {
    expect(quoteDestination(ship("a1", { state: "AL" }), [saved], store)).toEqual({
      state: "TX",
      city: "Austin",
      zip: "73301",
    });
  });
  it("takes a typed city and ZIP code only once the API would take them", () => {
    const typedSoFar = (city: string, zip: string) =>
      quoteDestination(ship(NEW_ADDRESS, { state: "CA", city, zip }), [saved], store);
    expect(typedSoFar(" San Diego ", "92101")).toEqual({ state: "CA", city: "San Diego", zip: "92101" });
    expect(typedSoFar("San Diego", "92101-0001")).toEqual({ state: "CA", city: "San Diego", zip: "92101-0001" });
    expect(typedSoFar("", "921")).toEqual({ state: "CA" });
    expect(typedSoFar("x".repeat(81), "9210a")).toEqual({ state: "CA" });
  });
  it("is the store's state alone for a pickup, and none before a state is known", () => {
    expect(quoteDestination({ fulfilment: "pickup", addressId: "a1", typed: {} }, [saved], store)).toEqual({
      state: "NV",
    });
    expect(quoteDestination(ship(NEW_ADDRESS, { city: "Mobile", zip: "36602" }), [saved], store)).toBeUndefined();
    expect(quoteDestination(ship("gone", {}), [saved], store)).toBeUndefined();
  });
});

describe("ageRefusals: lines whose rules ask an age the buyer has not reached", () => {
  const verdicts = { lines: [{ minAge: 21 }, { minAge: null }] };
  const today = "2026-11-24";
  it("marks a line whose minimum age is above the buyer's age on the day", () => {
    expect(ageRefusals(verdicts, 2, { dateOfBirth: "2005-11-25", today })).toEqual([
      { text: "You must be 21 or older to buy this.", sourceUrl: null },
      undefined,
    ]);
  });
  it("marks nothing on the 21st birthday, without a date of birth, or without verdicts", () => {
    expect(ageRefusals(verdicts, 2, { dateOfBirth: "2005-11-24", today })).toEqual([undefined, undefined]);
    expect(ageRefusals(verdicts, 2, { dateOfBirth: null, today })).toEqual([undefined, undefined]);
    expect(ageRefusals(null, 1, { dateOfBirth: "2010-01-01", today })).toEqual([undefined]);
  });
});

describe("placeOrderRefusal: why Place order is refused while the rules refuse a line", () => {
  const names = ["Red Bali Kratom", "Blue Dream", "Green Maeng Da"];
  const ban = { text: "Kratom is not sold to Alabama.", sourceUrl: "https://www.alabamapublichealth.gov/" };
  it("names the one refused line with the rule's words and the ways out", () => {
    expect(placeOrderRefusal(names, [ban], false)).toBe(
      "This order cannot be placed while “Red Bali Kratom” is in it: Kratom is not sold to Alabama. Please remove it from your cart or choose another address.",
    );
    expect(
      placeOrderRefusal(names, [undefined, { text: "You must be 21 or older to buy this.", sourceUrl: null }], false),
    ).toBe(
      "This order cannot be placed while “Blue Dream” is in it: You must be 21 or older to buy this. Please remove it from your cart.",
    );
  });
  it("counts several, offers no other address for a pickup, and is null when nothing is refused", () => {
    expect(placeOrderRefusal(names, [ban, undefined, ban], true)).toBe(
      "This order cannot be placed while the 2 products marked above are in it. Please remove them from your cart.",
    );
    expect(placeOrderRefusal(names, [undefined, undefined], false)).toBeNull();
    expect(placeOrderRefusal(names, [], false)).toBeNull();
  });
});

describe("placeOrderBody", () => {
  const items = [item("p1", "piece", 3, "v2")];
  it("sends a saved address as the address book's form would, which the API's schema takes", () => {
    const body = placeOrderBody(values(), [saved], items);
    expect(body.shippingAddress).toEqual({
      fullName: "Robin Hale",
      line1: "12 Elm Street",
      line2: "",
      city: "Austin",
      state: "TX",
      zip: "73301",
      phone: "(512) 555-0123",
    });
    expect(placeOrderSchema.safeParse(body).success).toBe(true);
  });
  it("sends a new address as typed, with the lines and the payment method", () => {
    const body = placeOrderBody(values({ addressId: NEW_ADDRESS, shippingAddress: typed }), [saved], items);
    expect(body).toEqual({
      lines: [{ productId: "p1", variantId: "v2", unit: "piece", quantity: 3 }],
      fulfilment: "ship",
      shippingAddress: typed,
      paymentMethodId: "zelle",
    });
    expect(placeOrderSchema.parse(body).shippingAddress).toMatchObject({ line2: "Apt 4", phone: null });
  });
  it("sends no address for a pickup", () => {
    const body = placeOrderBody(values({ fulfilment: "pickup", addressId: NEW_ADDRESS }), [saved], items);
    expect(body).toEqual({
      lines: [{ productId: "p1", variantId: "v2", unit: "piece", quantity: 3 }],
      fulfilment: "pickup",
      paymentMethodId: "zelle",
    });
    expect(placeOrderSchema.safeParse(body).success).toBe(true);
  });
});

describe("checkoutResolver", () => {
  const resolve = (input: CheckoutValues) =>
    checkoutResolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });
  it("does not check the new address's empty fields while a saved address is chosen", async () => {
    expect((await resolve(values())).errors).toEqual({});
  });
  it("checks the new address with the address book's messages when it is the one chosen", async () => {
    const { errors } = await resolve(values({ addressId: NEW_ADDRESS }));
    expect(errors.shippingAddress?.fullName?.message).toBe("Please enter the full name.");
    expect(errors.shippingAddress?.state?.message).toBe("Please choose a state.");
    expect((await resolve(values({ addressId: NEW_ADDRESS, shippingAddress: typed }))).errors).toEqual({});
  });
  it("checks no address for a pickup", async () => {
    expect((await resolve(values({ fulfilment: "pickup", addressId: NEW_ADDRESS }))).errors).toEqual({});
    const { errors } = await resolve(values({ fulfilment: "pickup", paymentMethodId: "" }));
    expect(Object.keys(errors)).toEqual(["paymentMethodId"]);
  });
  it("asks for a payment method", async () => {
    const { errors } = await resolve(values({ paymentMethodId: "" }));
    expect(errors.paymentMethodId?.message).toBe("Please choose how you will pay.");
  });
});

describe("lineProblems", () => {
  const names = ["Blue Dream", "Og Kush"];
  it("puts the server's message beside the one line it names", () => {
    const problem = {
      message: "“Og Kush” is out of stock. Please remove it to order the rest.",
      fields: { "lines.1": "is out of stock" },
    };
    expect(lineProblems(problem, names)).toEqual([undefined, problem.message]);
  });
  it("gives each line its own words when several are named, and nothing without a line", () => {
    const problem = { message: "Several.", fields: { "lines.0": "is out of stock", "lines.1": "only 2 left" } };
    expect(lineProblems(problem, names)).toEqual(["“Blue Dream” is out of stock.", "“Og Kush” only 2 left."]);
    expect(lineProblems({ message: "No.", fields: { paymentMethodId: "x" } }, names)).toEqual([undefined, undefined]);
    expect(lineProblems(null, names)).toEqual([undefined, undefined]);
  });
});

describe("checkoutKey: one Idempotency-Key per checkout attempt", () => {
  const memory = () => {
    const kept = new Map<string, string>();
    return {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    };
  };
  it("is made once and sent again on a retry (or after a reload), until an order is placed", () => {
    const storage = memory();
    let made = 0;
    const make = () => `key-${++made}-abcdefgh`;
    const first = checkoutKey(storage, make);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(checkoutKey(storage, make)).toBe(first);
    forgetCheckoutKey(storage);
    expect(checkoutKey(storage, make)).not.toBe(first);
  });
  it("replaces a kept value the API would refuse", () => {
    const storage = memory();
    storage.setItem("checkoutIdempotencyKey", "bad key!");
    expect(checkoutKey(storage, () => "fresh-key-123")).toBe("fresh-key-123");
  });
  it("still gives a key without storage, or when the browser refuses it", () => {
    expect(checkoutKey(null)).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(checkoutKey(refusing, () => "fresh-key-456")).toBe("fresh-key-456");
    expect(() => forgetCheckoutKey({ removeItem: refusing.getItem })).not.toThrow();
  });
});

describe("the buyer's note for the shop", () => {
  const items = [item("p1", "piece", 1)];
  it("is sent trimmed when written, and left out when blank", () => {
    expect(placeOrderBody(values({ buyerNote: "  Ring twice.\n" }), [saved], items).buyerNote).toBe("Ring twice.");
    expect(placeOrderBody(values({ fulfilment: "pickup", buyerNote: "After 5 pm" }), [], items).buyerNote).toBe(
      "After 5 pm",
    );
    expect(placeOrderBody(values({ buyerNote: "   " }), [saved], items)).not.toHaveProperty("buyerNote");
    expect(placeOrderBody(values(), [saved], items)).not.toHaveProperty("buyerNote");
  });
  it("longer than the API takes is refused beside the field before anything is sent", async () => {
    const resolve = (input: CheckoutValues) =>
      checkoutResolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    for (const fulfilment of ["ship", "pickup"] as const) {
      const { errors } = await resolve(values({ fulfilment, buyerNote: "x".repeat(501) }));
      expect(errors.buyerNote?.message).toBe("Please keep the note to 500 characters or fewer.");
    }
    expect((await resolve(values({ buyerNote: "x".repeat(500) }))).errors).toEqual({});
  });
});
