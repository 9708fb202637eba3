import { US_STATES } from "@shop/shared/constants";

const states = Object.entries(US_STATES);

/**
 * The states as a select's options, after "Choose a state" where the select starts empty: a choice
 * of its own, or `"disabled"` where a state must be chosen before the form is sent.
 */
export function StateOptions({ choose = true }: { choose?: boolean | "disabled" }) {
  return (
    <>
      {choose && (
        <option value="" disabled={choose === "disabled"}>
          Choose a state
        </option>
      )}
      {states.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
