import { chooseShipState } from "../features/catalog/ship-state.server.ts";
import type { Route } from "./+types/ship-state";

/** Remembers the buyer's ship-to state (the chooser's form), then goes back (decision 049). */
export function action({ request, context }: Route.ActionArgs) {
  return chooseShipState(request, context);
}
