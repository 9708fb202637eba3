import type { Database } from "./types.ts";

/**
 * Which module (apps/server/src/modules/<name>) owns each table: only that module's SQL names it;
 * every other module asks the owner's service. The architecture test (src/architecture.test.ts)
 * holds the code to this, and the type makes a new table name its owner.
 */
export const TABLE_OWNERS = {
  users: "accounts",
  sessions: "accounts",
  account_tokens: "accounts",
  addresses: "accounts",
  settings: "settings",
  contact_messages: "contact",
  contact_replies: "contact",
  images: "images",
  master_categories: "catalog",
  products: "catalog",
  product_images: "catalog",
  product_options: "catalog",
  product_facet_values: "catalog",
  product_variants: "catalog",
  product_regulatory_classes: "catalog",
  // The product search index (FTS5 on SQLite) and its term counts (PostgreSQL), kept beside products.
  products_fts: "catalog",
  product_term_counts: "catalog",
  product_term_sold_nowhere_counts: "catalog",
  banners: "banners",
  blog_posts: "blog",
  batches: "coas",
  coas: "coas",
  coa_corrections: "coas",
  orders: "fulfilment",
  order_lines: "fulfilment",
  order_adjustments: "fulfilment",
  order_line_classes: "fulfilment",
  order_events: "fulfilment",
  order_idempotency_keys: "checkout",
  // The sales reports' daily figures, kept in the orders' transactions through the reports' service.
  order_daily_product_sales: "order-reports",
  order_daily_variant_sales: "order-reports",
  order_daily_sales: "order-reports",
  order_payments: "payments",
  payment_attempts: "payments",
  order_notes: "fulfilment",
  mail_outbox: "mail",
  mail_templates: "mail",
  stock_movements: "catalog",
  job_leases: "jobs",
  documents: "documents",
  compliance_rules: "compliance",
  compliance_rule_versions: "compliance",
  tax_rules: "taxes",
  tax_rule_versions: "taxes",
  audit_entries: "audit",
  discounts: "discounts",
  discount_targets: "discounts",
  discount_uses: "discounts",
  identity_checks: "identity",
  wholesale_accounts: "wholesale",
  wholesale_documents: "wholesale",
} as const satisfies Record<keyof Database, string> & Record<string, string>;

/**
 * Tables another module may read in its own queries (never write), and why. `images` is the
 * shop's store of uploaded pictures: the rows of products, categories, banners and posts name a picture by its key, and
 * their lists join it for the width and renditions in the same query (one query a page at 100k
 * products, docs/decisions/007). Only the images module writes it.
 */
export const SHARED_READS: Partial<Record<keyof typeof TABLE_OWNERS, { readBy: readonly string[] }>> = {
  images: { readBy: ["catalog", "banners", "blog"] },
  // The catalogue's sale facts carry the latest COA's THC figures for the federal hemp limit
  // (docs/decisions/047): read with the prices inside the order's transaction, where the coas
  // service (which names its products through the catalogue's) cannot be called back. Only the
  // coas module writes them.
  batches: { readBy: ["catalog"] },
  coas: { readBy: ["catalog"] },
  // Billing and a customer's spending add up the payment records of thousands of orders in one
  // query (docs/decisions/090); only the payments module writes them.
  order_payments: { readBy: ["fulfilment", "order-reports"] },
  // Billing, the PACT Act report and the sales reports add up thousands of orders, their lines,
  // their shipping events and their lines' regulatory classes in one query each, and the daily
  // sales read the order they follow in its transaction (docs/decisions/092). Only the
  // fulfilment module writes them.
  // A gateway's webhook names the order by its number (docs/decisions/101).
  orders: { readBy: ["order-reports", "payments"] },
  order_lines: { readBy: ["order-reports"] },
  order_events: { readBy: ["order-reports"] },
  order_line_classes: { readBy: ["order-reports"] },
  // The excise filing report and the PACT Act report add up the excise adjustments of thousands of
  // lines in one query (docs/decisions/098); only the fulfilment module writes them.
  order_adjustments: { readBy: ["order-reports"] },
};
