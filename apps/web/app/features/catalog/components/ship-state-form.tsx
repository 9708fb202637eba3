import type { UsState } from "@shop/shared/constants";
import { Form, href, useLocation } from "react-router";
import { StateOptions } from "../../../components/form/state-options.tsx";
import { buttonClass } from "../../../components/ui/button.tsx";

/**
 * The state chooser: a plain form posting to /ship-state, which remembers the choice in a cookie
 * and comes back here. Works before JavaScript has loaded; with it, only the page's data reloads.
 * On the product list (`filterList`) the list comes back showing what ships to the chosen state.
 */
export function ShipStateForm({
  state,
  label,
  filterList = false,
}: {
  state: UsState | null;
  label: string;
  filterList?: boolean;
}) {
  const location = useLocation();
  return (
    <Form method="post" action={href("/ship-state")} preventScrollReset className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {filterList && <input type="hidden" name="filter" value="shipsTo" />}
      <label className="grid gap-1 font-medium text-sm">
        {label}
        <select
          name="state"
          required
          defaultValue={state ?? ""}
          className="h-10 rounded-lg border border-line bg-white px-2.5 font-normal text-sm"
        >
          <StateOptions choose="disabled" />
        </select>
      </label>
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        {filterList ? "Show" : state ? "Change" : "Check"}
      </button>
    </Form>
  );
}
