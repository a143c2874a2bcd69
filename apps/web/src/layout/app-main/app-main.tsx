import { sameScreen, useTabsStore } from '../../stores/tabs';
import { pathnameOf } from '../tab-paths';
import type { OpenView } from '../use-tab-sync';
import { forgetScreen } from './screen-loader';
import { TabPane } from './tab-pane';

interface Props {
  views: OpenView[];
  activePath: string;
}

/** Every open tab's screen, only the active one visible (keep-alive, see TabPane). */
export function AppMain({ views, activePath }: Props) {
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
