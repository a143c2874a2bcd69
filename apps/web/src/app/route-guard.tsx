import { App, Button, Spin } from 'antd';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { ErrorResult } from '../components/error-result';
import { NetworkError, isAbortError } from '../lib/api/request';
import { redirectTarget } from '../lib/redirect';
import { NoPermissionError, useSession } from '../stores/session';
import { useProgress } from '../layout/progress';
import { isPublicPath, loginHref, publicRouteTitles } from '../lib/public-routes';
import { findScreen } from '../layout/screens';
import { usePlatformName } from '../components/site-info';

const ChangePasswordDialog = lazy(() =>
  import('../pages/login/change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
);

/** How long 该账号没有权限 shows before the forced sign-out (spec section 8). */
export const NO_PERMISSION_SECONDS = 3;

function usePageTitle(pathname: string): void {
  const platformName = usePlatformName();
  const title = publicRouteTitles[pathname] ?? findScreen(pathname)?.title;
  useEffect(() => {
    document.title = title ? `${title} - ${platformName}` : platformName;
  }, [title, platformName]);
}

/**
 * The route guard of spec section 2: a signed-in operator visiting /login goes to the console; a
 * token without loaded roles loads the profile and permitted menus first (a refusal → sign-in page
 * with the path to come back to; no answer → 网络连接失败 with 重试, the session kept; an empty
 * list → 该账号没有权限, then forced sign-out); without a token only public paths pass.
 */
export function RouteGuard() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const token = useSession((state) => state.token);
  const rolesLoaded = useSession((state) => state.roles.length > 0);
  const mustChangePassword = useSession((state) => state.changePsw);
  // The session being refused (empty permission list): it waits on a spinner until signed out.
  const [refusedToken, setRefusedToken] = useState<string>();
  // The server could not be reached (offline, timed out): the session may well be fine, so it stays.
  const [unreachable, setUnreachable] = useState<string>();
  const refused = !!token && refusedToken === token;
  const isPublic = isPublicPath(location.pathname);
  const needsRoles = !!token && !isPublic && !rolesLoaded;

  const signOutOnLogin = useRef(false);
  // A load cancelled by navigation (not a failure) is tried again on the next location.
  const [loadAttempt, setLoadAttempt] = useState(0);
  const abortedAt = useRef<string>(undefined);
  const locationKey = useRef(location.key);

  useEffect(() => {
    locationKey.current = location.key;
    if (abortedAt.current === undefined || abortedAt.current === location.key) return;
    abortedAt.current = undefined;
    setLoadAttempt((attempt) => attempt + 1);
  }, [location.key]);

  useProgress(navigation.state !== 'idle' || needsRoles);

  useEffect(() => {
    if (!signOutOnLogin.current || location.pathname !== '/login') return;
    signOutOnLogin.current = false;
    void useSession.getState().logout();
  }, [location.pathname]);
  usePageTitle(location.pathname);

  useEffect(() => {
    if (!needsRoles) return undefined;
    let cancelled = false;
    const from = { pathname: location.pathname, search: location.search };
    const startedAt = location.key;
    // The session store shares one load between overlapping callers.
    void useSession
      .getState()
      .loadPermissions()
      .catch((error: unknown) => {
        if (cancelled) return;
        // Aborted (the operator navigated away, spec section 2): the session is intact; keep it.
        if (isAbortError(error)) {
          if (locationKey.current === startedAt) abortedAt.current = startedAt;
          else setLoadAttempt((attempt) => attempt + 1);
          return;
        }
        if (error instanceof NoPermissionError) {
          setRefusedToken(useSession.getState().token);
          void message.error(error.message, NO_PERMISSION_SECONDS);
          // Leave for /login first and drop the session once there (effect below): the other order
          // would send the operator to /login?redirect=… as if the session had merely expired.
          setTimeout(() => {
            signOutOnLogin.current = true;
            void navigate('/login', { replace: true });
          }, NO_PERMISSION_SECONDS * 1000);
          return;
        }
        if (error instanceof NetworkError) {
          setUnreachable(error.message);
          return;
        }
        // The server answered and refused (expired session, server error): spec section 8.
        useSession.getState().clearLocal();
        void navigate(loginHref(from), { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // Only a change of need starts a load; the path it returns to is the one asked for then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsRoles, loadAttempt]);

  if (needsRoles && unreachable !== undefined) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <ErrorResult
          title="网络连接失败"
          subTitle={unreachable}
          extra={
            <Button
              type="primary"
              onClick={() => {
                setUnreachable(undefined);
                setLoadAttempt((attempt) => attempt + 1);
              }}
            >
              重试
            </Button>
          }
        />
      </div>
    );
  }
  if (refused || needsRoles) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" description="正在加载权限…" />
      </div>
    );
  }
  // Signed in at /login: the root, or where the sign-in was asked to return (the form goes there too).
  if (token && location.pathname === '/login') return <Navigate to={redirectTarget(location.search)} replace />;
  if (!token && !isPublic) return <Navigate to={loginHref(location)} replace />;
  // A password set by someone else (new account, reset) is replaced before the console opens.
  if (token && mustChangePassword && !isPublic) {
    return (
      <Suspense fallback={null}>
        <ChangePasswordDialog />
      </Suspense>
    );
  }
  return <Outlet />;
}
