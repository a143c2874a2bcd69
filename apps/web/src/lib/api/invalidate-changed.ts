import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Marks the queries under `queryKey` stale after the server said their rows changed (the live
 * channel's resource changes and new system messages), and refetches the open ones. A list's
 * first fetch still in flight may have read before the change; TanStack Query's invalidation
 * would join that fetch rather than restart it (it cancels only fetches of queries that already
 * hold data), leaving the screen on the old rows until the next event. Those fetches are
 * cancelled first, so the refetch reads after the change.
 */
export async function invalidateChanged(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await queryClient.invalidateQueries({ queryKey });
}
