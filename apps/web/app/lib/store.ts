import type { StoreProfile } from "@shop/shared";
import { useRouteLoaderData } from "react-router";

/**
 * The shop's profile (Settings > Store profile) on the storefront's pages: the store layout's
 * loader reads it for the header and footer, and every page below uses the same.
 */
export function useStoreProfile(): StoreProfile {
  const data = useRouteLoaderData<{ store: StoreProfile }>("routes/store-layout");
  if (!data) throw new Error("useStoreProfile is for pages inside the store layout.");
  return data.store;
}

/** The profile's address as lines: street, suite, "City, ST 12345". */
export const addressLines = (store: StoreProfile): string[] =>
  [store.line1, store.line2, `${store.city}, ${store.state} ${store.zip}`].filter((line): line is string => !!line);
