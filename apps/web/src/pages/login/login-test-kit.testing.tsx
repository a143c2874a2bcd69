import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { LoginForm } from './login-form';

// The sign-in form's test harness (tests only): the form under a router, and a fetch that answers.

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

export function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

export const success = () => ({
  errCode: 0,
  errMsg: '成功',
  data: {
    token: 'tok-1',
    changePsw: 0,
    adminType: 0,
    userInfo: { id: '1', name: '管理员', loginName: 'admin', agentId: null, headImg: '' },
    agentAdminDirect: 0,
  },
});

export type Answer = (url: string, body: Record<string, unknown> | undefined) => unknown;
export function serve(answer: Answer) {
  const calls: { url: string; body: Record<string, unknown> | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ url, body });
      return Promise.resolve(new Response(JSON.stringify(answer(url, body))));
    }),
  );
  return calls;
}
