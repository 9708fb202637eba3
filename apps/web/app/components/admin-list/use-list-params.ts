import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** How long typing pauses before the list follows the search box. */
const DEBOUNCE_MS = 350;

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** A filter's value from the address when it is one the list knows (an address can say anything). */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/**
 * Sets one of the list's address parameters (removed when it equals its fallback) and goes back to
 * page 1. It starts from the address as it is when called, not as of the last render: a second
 * filter chosen before the list has drawn itself for the first keeps both (the router writes the
 * address before React renders the page for it).
 */
export function useSetListParam() {
  const navigate = useNavigate();
  return (name: string, value: string, fallback: string, options = { replace: false }) => {
    const { pathname, search } = window.location;
    const next = new URLSearchParams(search);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    // A new filter starts again at the first page: by number (page), or by cursor (after).
    next.delete("page");
    next.delete("after");
    const query = next.toString();
    navigate(`${pathname}${query ? `?${query}` : ""}`, { replace: options.replace, preventScrollReset: true });
  };
}

/**
 * A dashboard list's search text, filters and page, kept in the address (?q=&page=&…) so that a
 * list can be shared, reloaded and left with Back. The search box follows typing after a short
 * pause, or at once on submit; a filter applies at once. Either starts again at page 1.
 * (useLocation and useNavigate, not useSearchParams: that hook alone would add to every
 * storefront page's router chunk.)
 */
export function useListParams() {
  const location = useLocation();
  const setParam = useSetListParam();
  const params = new URLSearchParams(location.search);
  const q = (params.get("q") ?? "").trim();
  const page = pageFrom(params.get("page"));
  const [draft, setDraft] = useState(q);
  const applied = useRef(q);

  // Back and Forward change the URL under the box: show what the list shows.
  useEffect(() => {
    if (q !== applied.current) {
      applied.current = q;
      setDraft(q);
    }
  }, [q]);

  function apply(value: string, options: { replace: boolean }) {
    const text = value.trim();
    if (text === applied.current) return;
    applied.current = text;
    setParam("q", text, "", options);
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(value: string) {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value, { replace: true }), DEBOUNCE_MS);
  }

  return {
    q,
    page,
    params,
    /** The list's own address search ("?q=…&page=2"), for links that lead back to this very page. */
    listSearch: location.search,
    draft,
    /** The box changed: the list follows after a short pause. */
    change,
    /** Searches now (the form's submit, or the clear button with ""). */
    submit: (value: string = draft) => {
      clearTimeout(timer.current);
      apply(value, { replace: false });
    },
  };
}
