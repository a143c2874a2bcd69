import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Visited (closable) views kept at once; pinned views come on top (spec section 9). */
export const TAB_LIMIT = 5;
export const TABS_STORAGE_KEY = 'console-tabs';

export interface TabView {
  /** Full path with query: the tab's identity and its keep-alive key. */
  path: string;
  /** Route name from the menu catalogue. */
  name: string;
  title: string;
  /** Pinned: cannot be closed and does not count against the limit. */
  affix: boolean;
  /** Bumped by refresh so the view remounts. */
  key: number;
  /** Last activation; the least recently used visited view is the one dropped past the limit. */
  visitedAt: number;
}

export interface OpenTab {
  path: string;
  name: string;
  title: string;
  affix?: boolean;
}

interface TabsState {
  views: TabView[];
  /** Opens (or re-activates) a view, dropping the least recently used one past the limit. */
  open: (tab: OpenTab) => void;
  /** Closes one view; pinned views stay. Returns the views left. */
  close: (path: string) => TabView[];
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refresh: (path: string) => void;
  /** Sign-out: forget every view, pinned ones included (the next operator gets their own). */
  reset: () => void;
}

let clock = 0;
// Monotonic even when two opens land in the same millisecond.
function now(): number {
  clock = Math.max(clock + 1, Date.now());
  return clock;
}

function enforceLimit(views: TabView[], keep: string): TabView[] {
  const visited = views.filter((view) => !view.affix);
  if (visited.length <= TAB_LIMIT) return views;
  const drop = new Set(
    visited
      .filter((view) => view.path !== keep)
      .sort((a, b) => a.visitedAt - b.visitedAt)
      .slice(0, visited.length - TAB_LIMIT)
      .map((view) => view.path),
  );
  return views.filter((view) => !drop.has(view.path));
}

export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => ({
      views: [],
      open: ({ path, name, title, affix = false }) => {
        const views = get().views;
        const existing = views.find((view) => view.path === path);
        if (existing) {
          set({
            views: views.map((view) =>
              view.path === path ? { ...view, title, affix: view.affix || affix, visitedAt: now() } : view,
            ),
          });
          return;
        }
        const added: TabView = { path, name, title, affix, key: 0, visitedAt: now() };
        // Pinned views lead the bar so 首页 stays first whatever order views were opened in.
        const next = affix
          ? [...views.filter((view) => view.affix), added, ...views.filter((view) => !view.affix)]
          : [...views, added];
        set({ views: enforceLimit(next, path) });
      },
      close: (path) => {
        const views = get().views.filter((view) => view.affix || view.path !== path);
        set({ views });
        return views;
      },
      closeOthers: (path) => set({ views: get().views.filter((view) => view.affix || view.path === path) }),
      closeAll: () => set({ views: get().views.filter((view) => view.affix) }),
      refresh: (path) =>
        set({ views: get().views.map((view) => (view.path === path ? { ...view, key: view.key + 1 } : view)) }),
      reset: () => set({ views: [] }),
    }),
    {
      name: TABS_STORAGE_KEY,
      // Per browser tab: a reload keeps the views, a second window starts its own set.
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ views }) => ({ views }),
    },
  ),
);
