import { useRouteLoaderData } from "react-router";

/** What this hook reads of the store layout's data (routes/store-layout.tsx's loader returns it). */
export interface GateMinAgeData {
  settings: { gateMinAge: number };
}

/** The age the shop admits at its gate and for accounts (a setting), from the store layout's data. */
export function useGateMinAge(): number {
  const data = useRouteLoaderData<GateMinAgeData>("routes/store-layout");
  if (!data) throw new Error("useGateMinAge is for pages inside the store layout.");
  return data.settings.gateMinAge;
}
