/**
 * What an audit entry is about (docs/decisions/053). `discount` is listed ahead of the discounts
 * themselves so that their service records into the same log when it comes.
 */
export const AUDIT_KINDS = [
  "product",
  "price",
  "stock",
  "order",
  "settings",
  "rule",
  "discount",
  "staff",
  "coa",
  "tax_rule",
  "wholesale_account",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How the audit log names each kind. */
export const auditKindLabels: Record<AuditKind, string> = {
  product: "Product",
  price: "Price",
  stock: "Stock",
  order: "Order",
  settings: "Settings",
  rule: "Compliance rule",
  discount: "Discount",
  staff: "Staff account",
  coa: "Lab results (COA)",
  tax_rule: "Tax rule",
  wholesale_account: "Wholesale account",
};

export const AUDIT_PAGE_SIZE = 20;
