import type { ComponentType } from 'react';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { configureSessionHooks } from '../lib/api/request';
import { configureConsoleWarmup } from '../lib/console-warmup';
import { LoginPage } from '../pages/login/login-page';
import { ConsoleGate } from './console-gate';
import { loginHref } from '../lib/public-routes';
import { RouteGuard } from './route-guard';
import { findScreen } from '../layout/screens';

type AgreementKind = 'privacyAgreement' | 'userAgreement' | 'renewalAgreement' | 'privatezc';
type Module = Record<string, unknown>;

// Public pages are built separately; a page whose file is not in the tree yet has no route (→ 404).
const publicModules = import.meta.glob<Module>('../pages/public/*-page.tsx');

function componentOf<P>(module: Module): ComponentType<P> {
  const found = module.default ?? Object.values(module).find((value) => typeof value === 'function');
  if (!found) throw new Error('页面模块没有导出组件');
  return found as ComponentType<P>;
}

function publicRoute(path: string, file: string, kind?: AgreementKind): RouteObject[] {
  const load = publicModules[`../pages/public/${file}`];
  if (!load) return [];
  return [
    {
      path,
      lazy: async () => {
        const Page = componentOf<{ kind?: AgreementKind }>(await load());
        return { Component: kind ? () => <Page kind={kind} /> : Page };
      },
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    // The first page's chunk is still loading: show nothing rather than a flash of another page.
    HydrateFallback: () => null,
    children: [
      // In the entry, not lazy: /login paints as soon as the entry has run, without a second round
      // trip; its form, input, checkbox and button are what every signed-in screen loads as well.
      { path: '/login', Component: LoginPage },
      ...publicRoute('/register', 'register-page.tsx'),
      ...publicRoute('/privacyAgreement', 'agreement-page.tsx', 'privacyAgreement'),
      ...publicRoute('/userAgreement', 'agreement-page.tsx', 'userAgreement'),
      ...publicRoute('/renewalAgreement', 'agreement-page.tsx', 'renewalAgreement'),
      ...publicRoute('/privatezc', 'agreement-page.tsx', 'privatezc'),
      ...publicRoute('/website', 'website-page.tsx'),
      ...publicRoute('/decorationShop', 'decoration-shop-page.tsx'),
      {
        path: '/auth-redirect',
        lazy: async () => ({ Component: (await import('../pages/system/auth-redirect-page')).AuthRedirectPage }),
      },
      {
        path: '/404',
        lazy: async () => ({ Component: (await import('../pages/system/not-found-page')).NotFoundPage }),
      },
      {
        path: '/401',
        lazy: async () => ({ Component: (await import('./unauthorized-route')).UnauthorizedRoute }),
      },
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '*', element: <ConsoleGate /> },
    ],
  },
];

/** The shell and the screen of a console address, loading; `/` opens 首页. */
function warmConsolePath(target: string): void {
  const path = new URL(target, window.location.origin).pathname;
  const ignore = () => undefined;
  import('../layout/app-layout').catch(ignore);
  findScreen(path === '/' ? '/dashboard' : path)
    ?.load()
    .catch(ignore);
}

export function createConsoleRouter() {
  const router = createBrowserRouter(routes);
  // errCode 5000 sends the operator to sign in again, coming back here afterwards.
  configureSessionHooks({ toLogin: () => void router.navigate(loginHref(router.state.location), { replace: true }) });
  configureConsoleWarmup(warmConsolePath);
  return router;
}
