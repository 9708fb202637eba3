import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A change to one thing: the server's answer becomes that thing's cached copy, so its page shows it
 * at once, and the lists that show it ask the server again.
 */
export function useSaveMutation<Input, Saved>(
  save: (input: Input) => Promise<Saved>,
  cache: { key: (saved: Saved) => QueryKey; lists: QueryKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(cache.key(saved), saved);
      return queryClient.invalidateQueries({ queryKey: cache.lists });
    },
  });
}

/** A change after which everything under `queryKey` asks the server again. */
export function useRefreshingMutation<Input, Result>(change: (input: Input) => Promise<Result>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
