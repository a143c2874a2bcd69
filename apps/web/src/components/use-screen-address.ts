import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTabsStore } from '../stores/tabs';

/**
 * Writes a screen's own view (filters, page, sort, inner tab) into the address: the router and
 * the address bar follow it (so a reload or a copied link returns to it), and so does the
 * screen's one tab, without remounting it or opening another. Only the visible screen calls it (a
 * hidden tab's effects are paused), so the address is always that of the screen on show.
 */
export function useScreenAddress(): (next: string) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return useCallback(
    (next: string) => {
      if (next === here) return;
      useTabsStore.getState().follow(next);
      void navigate(next, { replace: true });
    },
    [navigate, here],
  );
}
