import { Suspense, lazy, useState } from 'react';
import { SavedViewsTrigger, activeView } from './saved-views-trigger';
import type { SavedViewsControl } from './use-saved-views';

// The menu (its rows, the save/share dialog with its role picker) loads on the first click: a list
// paints with the button alone. The views themselves are read at once (use-saved-views.ts), so a
// default or `?view=` view still applies on opening.
const SavedViewsMenu = lazy(() => import('./saved-views-menu').then((m) => ({ default: m.SavedViewsMenu })));

/** 视图 beside a list's filters: the button, and the menu once it has been asked for. */
export function SavedViewsButton({ control }: { control: SavedViewsControl }) {
  const [asked, setAsked] = useState(false);
  if (asked) {
    return (
      <Suspense fallback={<SavedViewsTrigger active={activeView(control)} loading />}>
        <SavedViewsMenu control={control} initiallyOpen />
      </Suspense>
    );
  }
  return <SavedViewsTrigger active={activeView(control)} onClick={() => setAsked(true)} />;
}
