import { useMatches } from "react-router";

/** Routes whose first section is a dark hero that runs under the transparent header say so in their handle. */
export interface StoreHandle {
  heroUnderHeader?: boolean;
}

export function useHeroUnderHeader(): boolean {
  return useMatches().some((match) => (match.handle as StoreHandle | undefined)?.heroUnderHeader === true);
}
