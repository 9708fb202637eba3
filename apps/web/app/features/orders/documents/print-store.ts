import type { StoreProfile } from "@shop/shared";
import { STORE_PROFILE_DEFAULTS } from "@shop/shared/constants";
import { createContext, useContext } from "react";

/**
 * The shop on printed documents (Settings > Store profile): the print layout provides what its
 * loader read; without it (a component test), the demo shop's.
 */
export const PrintStoreContext = createContext<StoreProfile>(STORE_PROFILE_DEFAULTS);
export const usePrintStore = () => useContext(PrintStoreContext);
