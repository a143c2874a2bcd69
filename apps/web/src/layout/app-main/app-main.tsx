import { useIsFetching } from '@tanstack/react-query';
import { useProgress } from '../progress';
import { sameScreen, useTabsStore } from '../../stores/tabs';
import { pathnameOf } from '../../stores/tab-paths';
import type { OpenView } from '../use-tab-sync';
import { forgetScreen } from './screen-loader';
import { TabPane } from './tab-pane';

interface Props {
  views: OpenView[];
  activePath: string;
}

/**
 * Every open tab's screen, only the active one visible (keep-alive, see TabPane). The progress bar
 * shows while a screen waits for data it has never had (a first visit, other filters); a refetch
 * of data already shown has the table's own spinner.
 */
export function AppMain({ views, activePath }: Props) {
  useProgress(useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0);
  return (
    <main className="console-main" id="console-main">
      {views.map(({ view, screen }) => (
        <TabPane
          key={pathnameOf(view.path)}
          view={view}
          screen={screen}
          active={sameScreen(view.path, activePath)}
          onRetry={() => {
            forgetScreen(screen.path);
            useTabsStore.getState().refresh(view.path);
          }}
        />
      ))}
    </main>
  );
}
