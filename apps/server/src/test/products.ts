import type { App } from "../app.ts";

/** The demo products a buyer can order by the piece and have shipped: active, priced by the piece, delivered. */
export function sellableProducts(app: App) {
  return app.db.kysely
    .selectFrom("products")
    .where("active", "=", 1)
    .where("delivery_available", "=", 1)
    .where("selling_price_pcs_cents", "is not", null);
}
