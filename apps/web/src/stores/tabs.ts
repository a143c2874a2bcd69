import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { pathnameOf } from './tab-paths';

/** Visited (closable) views kept at once; pinned views come on top (spec section 9). */
export const TAB_LIMIT = 5;
export const TABS_STORAGE_KEY = 'console-tabs';

export interface TabView {
  /**
   * Full path with query: where the tab returns to. Its pathname is the tab's identity (one tab per
   * screen); the query follows the screen's state (`follow`).
   */
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
  /**
   * Opens (or re-activates) the screen's view, dropping the least recently used one past the limit,
   * and returns the address the view is at. An address with a query of its own (a link with filters,
   * a reload) shows that view, remounting an open screen at it; the bare path returns to the screen
   * as it was, query included.
   */
  open: (tab: OpenTab) => string;
  /** The screen changed its own view (filters, page, tab): its tab keeps the new address, no remount. */
  follow: (path: string) => void;
  /** Closes one view (any address of its screen); pinned views stay. Returns the views left. */
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

/** Do two addresses show the same screen (and so the same tab)? */
export function sameScreen(a: string, b: string): boolean {
  return pathnameOf(a) === pathnameOf(b);
}

/** One view per screen; the most recently used wins (sessions stored before tabs were per screen). */
function oneViewPerScreen(views: TabView[]): TabView[] {
  const latest = new Map<string, TabView>();
  for (const view of views) {
    const seen = latest.get(pathnameOf(view.path));
    if (!seen || seen.visitedAt < view.visitedAt) latest.set(pathnameOf(view.path), view);
  }
  return views.filter((view) => latest.get(pathnameOf(view.path)) === view);
}

function enforceLimit(views: TabView[], keep: string): TabView[] {
  const visited = views.filter((view) => !view.affix);
  if (visited.length <= TAB_LIMIT) return views;
  const drop = new Set(
    visited
      .filter((view) => !sameScreen(view.path, keep))
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
        const existing = views.find((view) => sameScreen(view.path, path));
        if (existing) {
          const asked = path !== pathnameOf(path) && path !== existing.path;
          const updated: TabView = {
            ...existing,
            path: asked ? path : existing.path,
            key: asked ? existing.key + 1 : existing.key,
            title,
            affix: existing.affix || affix,
            visitedAt: now(),
          };
          set({ views: views.map((view) => (view === existing ? updated : view)) });
          return updated.path;
        }
        const added: TabView = { path, name, title, affix, key: 0, visitedAt: now() };
        // Pinned views lead the bar so 首页 stays first whatever order views were opened in.
        const next = affix
          ? [...views.filter((view) => view.affix), added, ...views.filter((view) => !view.affix)]
          : [...views, added];
        set({ views: enforceLimit(next, path) });
        return path;
      },
      follow: (path) =>
        set({ views: get().views.map((view) => (sameScreen(view.path, path) ? { ...view, path } : view)) }),
      close: (path) => {
        const views = get().views.filter((view) => view.affix || !sameScreen(view.path, path));
        set({ views });
        return views;
      },
      closeOthers: (path) => set({ views: get().views.filter((view) => view.affix || sameScreen(view.path, path)) }),
      closeAll: () => set({ views: get().views.filter((view) => view.affix) }),
      refresh: (path) =>
        set({
          views: get().views.map((view) => (sameScreen(view.path, path) ? { ...view, key: view.key + 1 } : view)),
        }),
      reset: () => set({ views: [] }),
    }),
    {
      name: TABS_STORAGE_KEY,
      // Per browser tab: a reload keeps the views, a second window starts its own set.
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ views }) => ({ views }),
      merge: (persisted, current) => ({
        ...current,
        views: oneViewPerScreen((persisted as Partial<TabsState> | undefined)?.views ?? current.views),
      }),
    },
  ),
);
