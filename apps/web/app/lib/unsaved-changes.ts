/**
 * A link's state that says "leave without asking": a form's own Cancel, which is a deliberate
 * choice to drop the changes (decision 052).
 */
export const LEAVE_UNASKED = { leaveUnasked: true } as const;

/** Where a navigation goes, as the router describes it. */
export interface Place {
  pathname: string;
  search: string;
  state?: unknown;
}

/** One form on the page: whether it has changes not saved yet, and what they are changes to. */
export interface FormWatch {
  /** Changed and not being saved right now (a save that then moves on must not ask). */
  unsaved: boolean;
  /** What the changes are to, as the question names it ("this product"). */
  what: string;
}

function leavesUnasked(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { leaveUnasked?: unknown }).leaveUnasked === true;
}

/** The first form with unsaved changes, or null. */
export function firstUnsaved(forms: Iterable<FormWatch>): FormWatch | null {
  for (const form of forms) if (form.unsaved) return form;
  return null;
}

/**
 * Whether moving from one place to another asks first: only when a form has unsaved changes and
 * the page would change (another path or query; a jump to an anchor keeps the form), unless the
 * link says to leave without asking.
 */
export function asksBeforeLeaving(forms: Iterable<FormWatch>, from: Place, to: Place): boolean {
  if (leavesUnasked(to.state)) return false;
  if (from.pathname === to.pathname && from.search === to.search) return false;
  return firstUnsaved(forms) !== null;
}

/** The question's words for the changes to what. */
export function leaveQuestion(what: string) {
  return {
    title: "Leave without saving?",
    body: `Your changes to ${what} will be lost.`,
    stay: "Stay",
    leave: "Leave",
  };
}
