import { Tabs } from 'antd';
import { Activity, type ReactNode, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../stores/session';
import { ErrorResult } from '../error-result';
import type { ListAddress } from './list-address';

export interface ResourceTab {
  key: string;
  label: string;
  /** Permission code; the tab is not shown without it. */
  permission: string;
  /** The tab's content; a list passes `address` to ResourceListPage so its view lands in the address too. */
  render: (address: ListAddress) => ReactNode;
}

// The address parameter that names the open tab.
export const TAB_PARAM = 'tab';

/** The tab a screen opens on: the address's `tab` when permitted, else the first permitted. */
export function initialTab(search: string, permitted: readonly string[]): string | undefined {
  const asked = new URLSearchParams(search).get(TAB_PARAM);
  return asked && permitted.includes(asked) ? asked : permitted[0];
}

/**
 * One screen of several lists as tabs, each shown only with its permission. The open tab is in
 * the address (`?tab=…`, left out for the first), so a reload or a link returns to it with its
 * filters. A tab's content is mounted on first visit and kept: inside `<Activity>` a hidden tab
 * keeps its state while its effects pause, and on showing again its list writes its own view
 * back to the address.
 */
export function ResourceTabs({ tabs }: { tabs: readonly ResourceTab[] }) {
  const location = useLocation();
  const permissions = useSession((state) => state.permissions);
  const permitted = useMemo(() => tabs.filter((tab) => permissions.has(tab.permission)), [tabs, permissions]);
  // The screen's address when it opened: the tab it names reads its filters from it, the others start fresh.
  const [opened] = useState(location.search);
  const [first] = useState(() =>
    initialTab(
      opened,
      permitted.map((tab) => tab.key),
    ),
  );
  const [active, setActive] = useState(first);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(first ? [first] : []));
  const addresses = useMemo(
    () =>
      new Map(
        permitted.map((tab, index): [string, ListAddress] => [
          tab.key,
          {
            initial: tab.key === first ? opened : '',
            keep: index === 0 ? '' : `${TAB_PARAM}=${encodeURIComponent(tab.key)}`,
          },
        ]),
      ),
    [permitted, opened, first],
  );

  // Permissions change live: a tab taken away falls back to the first one left, and none left is 暂无权限.
  if (permitted.length === 0) return <ErrorResult kind="warning" title="暂无权限" subTitle="没有查看此页面的权限" />;
  const current = active && permitted.some((tab) => tab.key === active) ? active : permitted[0]!.key;
  return (
    <div className="resource-tabs">
      <Tabs
        activeKey={current}
        items={permitted.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(key) => {
          setActive(key);
          setVisited((seen) => new Set([...seen, key]));
        }}
      />
      {permitted
        .filter((tab) => visited.has(tab.key) || tab.key === current)
        .map((tab) => (
          <Activity key={tab.key} mode={tab.key === current ? 'visible' : 'hidden'}>
            {tab.render(addresses.get(tab.key)!)}
          </Activity>
        ))}
    </div>
  );
}
