/** Why a product's stock changed (docs/decisions/034). */
export const STOCK_MOVEMENT_KINDS = ["order", "cancellation", "refund", "adjustment", "import", "initial"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** How the stock history names each kind. */
export const stockMovementKindLabels: Record<StockMovementKind, string> = {
  order: "Order",
  cancellation: "Order cancelled",
  refund: "Order refunded",
  adjustment: "Adjustment",
  import: "Import",
  initial: "Opening count",
};

export const STOCK_HISTORY_PAGE_SIZE = 20;
/** How many products the dashboard home lists as low on stock. */
export const LOW_STOCK_LIST_MAX = 20;
export const STOCK_REASON_MAX = 300;
