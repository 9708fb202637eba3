import type { Jurisdiction } from "@shop/shared";
import { US_STATES } from "@shop/shared/constants";

/** Where a rule applies, in words: "United States", "Alabama", "Denver, Colorado", "Town of X (3 ZIP codes), Florida". */
export function whereInWords(j: Jurisdiction): string {
  if (j.level === "country") return "United States";
  const state = US_STATES[j.state];
  if (j.level === "state") return state;
  if (j.level === "locality") return `${j.locality}, ${state}`;
  return `${j.name} (${j.zips.length} ZIP code${j.zips.length === 1 ? "" : "s"}), ${state}`;
}
