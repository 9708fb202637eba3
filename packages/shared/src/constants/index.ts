// Plain values the browser may import without zod: `@shop/shared/constants`.

export * from "./accounts.ts";
export * from "./addresses.ts";
export * from "./audit.ts";
export * from "./banners.ts";
export * from "./blog.ts";
export * from "./catalog.ts";
export * from "./coas.ts";
export * from "./compliance.ts";
export * from "./documents.ts";
export * from "./mail-templates.ts";
export * from "./orders.ts";
export * from "./products.ts";
export * from "./stock.ts";
export * from "./store.ts";
export * from "./taxes.ts";
export * from "./uploads.ts";
export * from "./wholesale.ts";
