import { Suspense, lazy } from 'react';
import { useViewAs } from '../../stores/view-as';

// Only a 以服务商身份查看 tab shows the banner: its Alert, and the Result of the ended view with
// its illustrations, load there and never with every operator's shell.
const ViewAsBanner = lazy(() => import('./view-as-banner').then((module) => ({ default: module.ViewAsBanner })));

/** The banner atop the shell in a view-as tab; nothing, and no download, in any other tab. */
export function LazyViewAsBanner() {
  const active = useViewAs((state) => state.active);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ViewAsBanner />
    </Suspense>
  );
}
