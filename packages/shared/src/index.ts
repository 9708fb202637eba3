export * from "./rules/money.ts";
export * from "./rules/slugify.ts";
export * from "./rules/unit-price.ts";
export * from "./schemas/banners.ts";
export * from "./schemas/catalog.ts";
export * from "./schemas/common.ts";
