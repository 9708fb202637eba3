// What each benchmark says about the planner's statistics it measured with (decision 063).
import type { Engine } from "../apps/server/src/db/database.ts";

/** Every bulk load (demo shop, generated products, import, restore) ends by refreshing them. */
export function statisticsState(engine: Engine): string {
  return `statistics: refreshed after load (${engine === "postgres" ? "VACUUM (ANALYZE)" : "ANALYZE"}, decision 063)`;
}
