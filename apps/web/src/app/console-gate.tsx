import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OpenScreensProvider } from '../components/open-screens';
import { useProgress } from '../layout/progress';
import { unauthorizedHref } from './forbidden-advice';
import { resolveConsolePath, usePermittedScreens, useVisibleMenuTree } from '../layout/screens';

// The shell is its own chunk: the sign-in page never downloads it.
const Layout = lazy(() => import('../layout/app-layout').then((module) => ({ default: module.AppLayout })));

function ShellLoading() {
  useProgress(true);
  return <Skeleton active style={{ padding: 24 }} />;
}

/**
 * Every guarded console path: a permitted screen renders inside the shell (which picks the screen
 * for the location and keeps tabs alive), a menu directory redirects to its child, a screen this
 * operator may not open is the 401 page (saying who can grant it), and any other path the 404 page.
 */
export function ConsoleGate() {
  const location = useLocation();
  const permitted = usePermittedScreens();
  const tree = useVisibleMenuTree();
  const isRefresh = location.pathname.startsWith('/redirect/');
  const target = isRefresh ? null : resolveConsolePath(location.pathname, permitted, tree);
  if (target?.kind === 'redirect') return <Navigate to={target.to} replace />;
  if (target?.kind === 'forbidden') return <Navigate to={unauthorizedHref(location.pathname)} replace />;
  if (target?.kind === 'notFound') return <Navigate to="/404" replace />;
  return (
    <OpenScreensProvider value={permitted}>
      <Suspense fallback={<ShellLoading />}>
        <Layout />
      </Suspense>
    </OpenScreensProvider>
  );
}
