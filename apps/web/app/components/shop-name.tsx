import { useStoreProfile } from "../lib/store.ts";

/** The shop's name as staff set it (Settings > Store profile), inside a storefront page's words. */
export function ShopName() {
  return <>{useStoreProfile().name}</>;
}
