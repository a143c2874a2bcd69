import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { type TabView, sameScreen, useTabsStore } from '../../stores/tabs';
import { pathnameOf, refreshHref } from '../../stores/tab-paths';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** Where to go after the active tab closes: the most recently used tab left, else 首页. */
function fallbackOf(views: TabView[]): string {
  const latest = [...views].sort((a, b) => b.visitedAt - a.visitedAt)[0];
  return latest?.path ?? '/';
}

/** The strip's scroll position that shows the whole tab, moving as little as possible. */
export function stripScrollFor(
  strip: { scrollLeft: number; clientWidth: number },
  tab: { offsetLeft: number; offsetWidth: number },
): number {
  const edge = 12;
  if (tab.offsetLeft - edge < strip.scrollLeft) return Math.max(0, tab.offsetLeft - edge);
  const right = tab.offsetLeft + tab.offsetWidth + edge;
  if (right > strip.scrollLeft + strip.clientWidth) return right - strip.clientWidth;
  return strip.scrollLeft;
}

export function TabsBar({ views, activePath }: { views: TabView[]; activePath: string }) {
  const navigate = useNavigate();
  const stripRef = useRef<HTMLDivElement>(null);
  // A new screen's address arrives a render before its tab does (the tab store opens it in an
  // effect): follow the active tab itself, not the address, or a newly opened tab is never shown.
  const activeTab = views.find((view) => sameScreen(view.path, activePath));
  const activeKey = activeTab ? pathnameOf(activeTab.path) : null;

  useEffect(() => {
    // Found in the strip, not by a ref on the tab: the Dropdown around each tab owns the tab's ref.
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    // Only the strip scrolls: scrollIntoView would also move the page, undoing the tab's scroll memory.
    if (tab && strip) strip.scrollLeft = stripScrollFor(strip, tab);
  }, [activeKey, views.length]);

  const run = (action: Action, view: TabView) => {
    const tabs = useTabsStore.getState();
    if (action === 'refresh') {
      void navigate(refreshHref(view.path), { replace: true });
      return;
    }
    if (action === 'close') {
      const left = tabs.close(view.path);
      if (sameScreen(view.path, activePath) && !view.affix) void navigate(fallbackOf(left));
      return;
    }
    if (action === 'closeOthers') {
      tabs.closeOthers(view.path);
      if (!sameScreen(view.path, activePath)) void navigate(view.path);
      return;
    }
    tabs.closeAll();
    const pinned = useTabsStore.getState().views;
    if (!pinned.some((pin) => sameScreen(pin.path, activePath))) void navigate(fallbackOf(pinned));
  };

  const menuFor = (view: TabView): MenuProps => ({
    items: [
      { key: 'refresh', label: '刷新' },
      { key: 'close', label: '关闭', disabled: view.affix },
      { key: 'closeOthers', label: '关闭其他' },
      { key: 'closeAll', label: '关闭所有' },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      run(key as Action, view);
    },
  });

  const onMouseUp = (event: MouseEvent, view: TabView) => {
    // Middle click closes, as in a browser's own tab strip.
    if (event.button === 1 && !view.affix) {
      event.preventDefault();
      run('close', view);
    }
  };

  const onKeyDown = (event: KeyboardEvent, view: TabView) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void navigate(view.path);
    } else if (event.key === 'Delete' && !view.affix) {
      run('close', view);
    }
  };

  return (
    <div ref={stripRef} className="console-tabs" role="tablist" aria-label="已打开的页面">
      {views.map((view) => {
        const active = sameScreen(view.path, activePath);
        return (
          <Dropdown key={pathnameOf(view.path)} menu={menuFor(view)} trigger={['contextMenu']}>
            <div
              role="tab"
              aria-selected={active}
              aria-label={view.title}
              tabIndex={active ? 0 : -1}
              title={view.title}
              className={`console-tab${active ? ' is-active' : ''}`}
              onClick={() => void navigate(view.path)}
              onMouseDown={(event) => event.button === 1 && event.preventDefault()}
              onMouseUp={(event) => onMouseUp(event, view)}
              onKeyDown={(event) => onKeyDown(event, view)}
            >
              <span className="console-tab-title">{view.title}</span>
              {!view.affix && (
                <button
                  type="button"
                  className="console-tab-close"
                  aria-label={`关闭 ${view.title}`}
                  tabIndex={-1}
                  onClick={(event) => {
                    event.stopPropagation();
                    run('close', view);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
