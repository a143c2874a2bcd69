import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * 刷新 remounts a tab's screen (its `key` changes), but a remount alone serves the screen's queries
 * from the cache while they are fresh (staleTime), so nothing would reload. The queries the
 * remounted screen subscribes to, and only those (not the shell's bell or badge), are refetched.
 *
 * Call it in the component around the remounted screen: its layout effect runs before the new
 * screen's passive effects (where useQuery subscribes), its passive effect after them.
 */
export function useRefetchOnRefresh(key: number): void {
  const queryClient = useQueryClient();
  const shownKey = useRef(key);
  const watching = useRef<{ queries: Set<string>; stop: () => void } | null>(null);

  useLayoutEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const queries = new Set<string>();
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'observerAdded') queries.add(event.query.queryHash);
    });
    watching.current = { queries, stop };
  }, [key, queryClient]);

  useEffect(() => {
    const watched = watching.current;
    if (!watched) return;
    watching.current = null;
    watched.stop();
    if (watched.queries.size === 0) return;
    void queryClient.invalidateQueries({ predicate: (query) => watched.queries.has(query.queryHash) });
  }, [key, queryClient]);
}
