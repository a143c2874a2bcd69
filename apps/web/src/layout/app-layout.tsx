import { Drawer } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { LazyViewAsBanner } from '../components/view-as/lazy-view-as-banner';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { AppMain } from './app-main/app-main';
import './dayjs-locale';
import './layout.css';
import { Navbar } from './navbar/navbar';
import { SETTINGS_TITLE } from './settings/settings-title';
import { Sidebar } from './sidebar/sidebar';
import { pathnameOf } from '../stores/tab-paths';
import { TabsBar } from './tabs-bar/tabs-bar';
import { useResponsive } from './use-responsive';
import { useScrollMemory } from './use-scroll-memory';
import { useTabSync } from './use-tab-sync';

export const SIDEBAR_WIDTH = 210;

// The settings drawer (its colour picker, slider and switches) loads the first time it is opened.
const SettingsDrawer = lazy(() =>
  import('./settings/settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);

/** The console shell around every signed-in screen: sidebar, navbar, tab bar and kept-alive tabs. */
export function AppLayout() {
  useResponsive();
  const { views, activePath } = useTabSync();
  const opened = useAppStore((state) => state.sidebar.opened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  const tagsView = useSettingsStore((state) => state.tagsView);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed and keep its state.
  const [settingsUsed, setSettingsUsed] = useState(false);
  // Per screen: a filter or page change keeps the tab's scroll position.
  const scroller = useScrollMemory(pathnameOf(activePath));

  const classes = ['console-layout', mobile ? 'is-mobile' : opened ? 'is-open' : 'is-collapsed'];
  return (
    <div className={classes.join(' ')}>
      {mobile ? (
        <Drawer
          placement="left"
          open={opened}
          onClose={() => closeSidebar()}
          size={SIDEBAR_WIDTH}
          closable={false}
          className="console-sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <aside className="console-sidebar">
          <Sidebar collapsed={!opened} />
        </aside>
      )}
      <div className="console-body" ref={scroller}>
        <div className={`console-header${fixedHeader ? ' is-fixed' : ''}`}>
          <LazyViewAsBanner />
          <Navbar
            onOpenSettings={() => {
              setSettingsUsed(true);
              setSettingsOpen(true);
            }}
          />
          {tagsView && <TabsBar views={views.map(({ view }) => view)} activePath={activePath} />}
        </div>
        <AppMain views={views} activePath={activePath} />
      </div>
      {settingsUsed && (
        <Suspense
          fallback={<Drawer open loading title={SETTINGS_TITLE} size={300} onClose={() => setSettingsOpen(false)} />}
        >
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
