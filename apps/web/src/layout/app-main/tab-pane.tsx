import { Skeleton } from 'antd';
import { Activity, type ComponentType, Suspense, useMemo, useState } from 'react';
import { type Location, NavigationType, UNSAFE_LocationContext, parsePath } from 'react-router';
import { useProgress } from '../progress';
import type { Screen } from '../screens';
import type { TabView } from '../../stores/tabs';
import { pathnameOf } from '../../stores/tab-paths';
import { lazyScreen } from './screen-loader';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { useRefetchOnRefresh } from './use-refetch-on-refresh';

function PageSkeleton() {
  // The screen's code is still arriving: a navigation that waits (spec section 2).
  useProgress(true);
  return (
    <div className="console-view-skeleton" aria-busy="true" aria-label="页面加载中">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/** Renders a screen's (cached, stable) lazy component. */
function ScreenHost({ component: Component }: { component: ComponentType }) {
  return <Component />;
}

interface Props {
  view: TabView;
  screen: Screen;
  active: boolean;
  onRetry: () => void;
}

/**
 * One open tab's screen, kept mounted while hidden once it has been shown (React's Activity keeps its state and DOM and
 * pauses its effects). Each tab sees its own URL: a hidden screen re-rendering while another tab is
 * shown must not read that tab's query string.
 */
export function TabPane({ view, screen, active, onRetry }: Props) {
  // A tab opened in the background (the affixed 首页 beside a screen opened directly) loads and
  // renders its screen when first shown, not with the screen the operator asked for.
  const [shown, setShown] = useState(active);
  if (active && !shown) setShown(true);
  useRefetchOnRefresh(view.key);
  const screenPath = pathnameOf(view.path);
  const context = useMemo(() => {
    const { pathname = '/', search = '', hash = '' } = parsePath(view.path);
    const location: Location = { pathname, search, hash, state: null, key: `tab-${view.key}` };
    return { location, navigationType: NavigationType.Pop };
  }, [view.path, view.key]);
  return (
    <Activity mode={active ? 'visible' : 'hidden'} name={screenPath}>
      <section className="console-view" data-tab-path={view.path}>
        <UNSAFE_LocationContext.Provider value={context}>
          {/* A new key (刷新, 重试) mounts the screen afresh; the tab around it stays. */}
          <ScreenErrorBoundary key={view.key} onRetry={onRetry}>
            {shown && (
              <Suspense fallback={<PageSkeleton />}>
                <ScreenHost component={lazyScreen(screen)} />
              </Suspense>
            )}
          </ScreenErrorBoundary>
        </UNSAFE_LocationContext.Provider>
      </section>
    </Activity>
  );
}
