import { useRouteLoaderData } from "react-router";

/** What this hook reads of the store layout's data (routes/store-layout.tsx's loader returns it). */
export interface GateMinAgeData {
  settings: { gateMinAge: number; purchaseMinAge: number };
}

function useShopAges(): GateMinAgeData["settings"] {
  const data = useRouteLoaderData<GateMinAgeData>("routes/store-layout");
  if (!data) throw new Error("The shop's ages are for pages inside the store layout.");
  return data.settings;
}

/** The age the shop admits at its gate and for accounts (a setting), from the store layout's data. */
export function useGateMinAge(): number {
  return useShopAges().gateMinAge;
}

/** The age the shop sells at (a setting; rules may ask more of some products), from the store layout's data. */
export function usePurchaseMinAge(): number {
  return useShopAges().purchaseMinAge;
}
