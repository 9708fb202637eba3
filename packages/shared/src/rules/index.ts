// The pure rules, without zod: `@shop/shared/rules`.
export * from "./age.ts";
export * from "./age-gate.ts";
export * from "./cart.ts";
export * from "./cart-storage.ts";
export * from "./coa.ts";
export * from "./compliance.ts";
export * from "./document-expiry.ts";
export * from "./money.ts";
export * from "./order-status.ts";
export * from "./order-totals.ts";
export * from "./regulatory-classes.ts";
export * from "./search.ts";
export * from "./ship-state.ts";
export * from "./slugify.ts";
export * from "./stem.ts";
export * from "./unit-price.ts";
export * from "./unit-sale.ts";
