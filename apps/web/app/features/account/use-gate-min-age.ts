import { useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/store-layout.tsx";

/** The age the shop admits at its gate and for accounts (a setting), from the store layout's data. */
export function useGateMinAge(): number {
  const data = useRouteLoaderData<typeof loader>("routes/store-layout");
  if (!data) throw new Error("useGateMinAge is for pages inside the store layout.");
  return data.settings.gateMinAge;
}
