import type { OrderQuote } from "@shop/shared";
import type { CartItem } from "@shop/shared/rules";
import { describe, expect, it } from "vitest";
import { type CartPrice, cartFigures, quotesTheCart } from "./cart-quote.ts";

const item = (change: Partial<CartItem> = {}): CartItem =>
  ({
    id: "p1",
    productId: "p1",
    variantId: "p1",
    unit: "piece",
    unitPriceCents: 1250,
    quantity: 2,
    ...change,
  }) as CartItem;

const quoted = (items: CartItem[]): Pick<OrderQuote, "lines"> => ({
  lines: items.map(({ productId, variantId, unit, quantity, unitPriceCents }) => ({
    productId,
    variantId,
    options: [],
    unit,
    quantity,
    unitPriceCents,
    name: "",
    sku: "",
    piecesPerUnit: 1,
    lineTotalCents: unitPriceCents * quantity,
  })),
});

/** Two pieces at $12.50 and the spec's $10 shipping, as the cart works them out itself. */
const CART = { subtotalCents: 2500, shippingCents: 1000, totalCents: 3500 };
const asking: CartPrice = { quote: null, pending: true, state: null, code: null };

describe("the cart's figures", () => {
  it("are the quote's once it has one, free shipping decided on the goods after the discount", () => {
    const quote = {
      subtotalCents: 2500,
      discountCents: 250,
      totalCents: 3404,
      adjustments: [
        { kind: "discount", amountCents: -250, basisCents: 2500 },
        { kind: "shipping", amountCents: 1000, basisCents: 2250 },
        { kind: "sales_tax", amountCents: 154, basisCents: 2250 },
      ],
    } as OrderQuote;
    expect(cartFigures(CART, { ...asking, quote, pending: false })).toEqual({
      figures: quote,
      estimate: false,
      goodsCents: 2250,
      discounted: true,
    });
  });

  it("are the cart's own estimate meanwhile, which holds the rows only the server prices open", () => {
    expect(cartFigures(CART, asking)).toMatchObject({
      figures: {
        subtotalCents: 2500,
        adjustments: [{ kind: "shipping", amountCents: 1000 }],
        totalCents: 3500,
      },
      estimate: true,
      goodsCents: 2500,
    });
    const taxed = cartFigures(CART, { ...asking, state: "NV", code: "spring10" }).figures;
    expect(taxed.adjustments.map(({ label, amountCents }) => [label, amountCents])).toEqual([
      ["Discount (SPRING10)", null],
      ["Shipping", null],
      ["Sales tax", null],
    ]);
    expect(taxed.totalCents).toBeNull();
  });

  it("leave to the checkout what the quote could not say when it could not be had", () => {
    const { figures } = cartFigures(CART, { ...asking, pending: false, state: "NV", code: "SPRING10" });
    expect(figures.adjustments).toEqual([
      { kind: "shipping", label: "Shipping", rateBasisPoints: null, amountCents: 1000 },
      { kind: "sales_tax", label: "Sales tax", rateBasisPoints: null, amountCents: null, note: "At checkout" },
    ]);
    expect(figures.totalCents).toBe(3500);
  });
});

describe("a quote of the cart", () => {
  it("is the cart's only with the same variants, units, quantities and prices", () => {
    const items = [item(), item({ id: "v2:box", productId: "p2", variantId: "v2", unit: "box", quantity: 1 })];
    expect(quotesTheCart(quoted(items), items)).toBe(true);
    expect(quotesTheCart(quoted(items), [...items].reverse())).toBe(false);
    expect(quotesTheCart(quoted(items), items.slice(0, 1))).toBe(false);
    expect(quotesTheCart(quoted([item({ quantity: 3 }), items[1] as CartItem]), items)).toBe(false);
    expect(quotesTheCart(quoted([item({ unitPriceCents: 1350 }), items[1] as CartItem]), items)).toBe(false);
    // Another variant of the same product at the same price is another line.
    expect(quotesTheCart(quoted([item({ id: "v3", variantId: "v3" }), items[1] as CartItem]), items)).toBe(false);
  });
});
