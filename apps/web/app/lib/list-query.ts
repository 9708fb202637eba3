import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";

/**
 * A list's parameters as an address takes them: those that are set, less those the server assumes
 * anyway (`isDefault`), so that the plain first page keeps a short address.
 */
export function searchOf(query: object, isDefault: (name: string, value: unknown) => boolean): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "" && !isDefault(name, value)) params.set(name, String(value));
  }
  return params.toString();
}

/** `path`, followed by `?search` when there is one. */
export const withSearch = (path: string, search: string): string => (search ? `${path}?${search}` : path);

/** One page of a list; the previous page stays on screen while the next one loads. */
export function usePageQuery<Page>(queryKey: QueryKey, load: () => Promise<Page>) {
  return useQuery({ queryKey, queryFn: load, placeholderData: keepPreviousData });
}
