import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { findIn } from '../lib/menu-filter';
import { type Screen, usePermittedScreens } from './screens';
import { type TabView, sameScreen, useTabsStore } from '../stores/tabs';
import { pathnameOf, redirectTarget } from '../stores/tab-paths';

export interface OpenView {
  view: TabView;
  screen: Screen;
}

/**
 * Keeps the tab store in step with the address bar: the location opens (or activates) its
 * screen's one tab,
 * pinned screens are always open, `/redirect/<path>` remounts that tab and goes back to it, and
 * tabs the operator may no longer open (permissions changed, restored from another session) go.
 * Returns the open views with their screens and the active tab's full path.
 */
export function useTabSync(): { views: OpenView[]; activePath: string } {
  const location = useLocation();
  const navigate = useNavigate();
  const permitted = usePermittedScreens();
  const views = useTabsStore((state) => state.views);
  const activePath = `${location.pathname}${location.search}`;

  useEffect(() => {
    const tabs = useTabsStore.getState();
    for (const screen of permitted) {
      if (screen.affix && !tabs.views.some((view) => sameScreen(view.path, screen.path))) {
        tabs.open({ path: screen.path, name: screen.name, title: screen.title, affix: true });
      }
    }
  }, [permitted]);

  useEffect(() => {
    const target = redirectTarget(location.pathname, location.search);
    if (target !== null) {
      // The tab is remounted at the address it shows (its screen's current view).
      useTabsStore.getState().refresh(target);
      void navigate(target, { replace: true });
      return;
    }
    const screen = findIn(permitted, location.pathname);
    if (screen) {
      const at = useTabsStore
        .getState()
        .open({ path: activePath, name: screen.name, title: screen.title, affix: screen.affix ?? false });
      // The bare path of an open screen (menu, breadcrumb) shows it as it was: the address follows.
      if (at !== activePath) void navigate(at, { replace: true });
    }
  }, [activePath, location.pathname, location.search, navigate, permitted]);

  const resolved = useMemo(
    () =>
      views.flatMap((view) => {
        const screen = findIn(permitted, pathnameOf(view.path));
        return screen ? [{ view, screen }] : [];
      }),
    [views, permitted],
  );

  useEffect(() => {
    if (resolved.length === views.length) return;
    const kept = new Set(resolved.map(({ view }) => view.path));
    const tabs = useTabsStore.getState();
    for (const view of views) if (!kept.has(view.path)) tabs.close(view.path);
  }, [resolved, views]);

  return { views: resolved, activePath };
}
