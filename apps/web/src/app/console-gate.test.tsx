import type { MenuTreeNode } from '@console/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../layout/app-layout', () => ({ AppLayout: () => <div data-testid="where">控制台</div> }));

import { useSession } from '../stores/session';
import { ConsoleGate } from './console-gate';
import { UnauthorizedRoute } from './unauthorized-route';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/404', element: <Where /> },
      { path: '/401', element: <Where /> },
      { path: '*', element: <ConsoleGate /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

const page = (url: string, path: string): MenuTreeNode => ({
  id: url,
  url,
  title: url,
  icon: '',
  path,
  kind: 2,
  hidden: false,
  children: [],
});

/** Signed in with permissions loaded: the operator's account type and granted pages. */
function as(adminType: number, granted: MenuTreeNode[]) {
  useSession.setState({ token: 'tok', adminType, menuTree: granted, roles: granted.map((node) => node.url) });
}

const where = async () => (await screen.findByTestId('where')).textContent;
const refused = (path: string) => `/401?from=${encodeURIComponent(path)}`;

afterEach(() => {
  cleanup();
  useSession.getState().clearLocal();
});

// Issue 28: a screen that exists but is not granted is 401; only a path that is nobody's is 404.
describe('console gate: 401 for a screen not granted, 404 for an unknown path', () => {
  const staffGrant = [page('storeManagement', '/storeManage/storeManagement')];

  it('opens a granted screen', async () => {
    as(2, staffGrant);
    renderAt('/storeManage/storeManagement');
    expect(await where()).toBe('控制台');
  });

  it('sends provider staff typing a provider screen outside their grant to 401', async () => {
    as(2, staffGrant);
    renderAt('/agentContractRecords/contractRecords');
    expect(await where()).toBe(refused('/agentContractRecords/contractRecords'));
  });

  it('sends a provider administrator typing a platform screen to 401', async () => {
    as(1, staffGrant);
    renderAt('/userMgt/agentMgt');
    expect(await where()).toBe(refused('/userMgt/agentMgt'));
  });

  it('sends a platform administrator typing a provider screen to 401', async () => {
    as(0, [page('agentMgt', '/userMgt/agentMgt')]);
    renderAt('/agentZKB/agentZKBMgt');
    expect(await where()).toBe(refused('/agentZKB/agentZKBMgt'));
  });

  it('opens 系统消息 and a message detail for every kind of account (each reads their own inbox)', async () => {
    for (const adminType of [0, 1, 2]) {
      as(adminType, []);
      for (const path of ['/profile/systemMsg', '/profile/messageDetail?id=1']) {
        renderAt(path);
        expect(await where()).toBe('控制台');
        cleanup();
      }
    }
  });

  it('sends a menu directory with no granted screen to 401, an unknown path to 404', async () => {
    as(1, staffGrant);
    renderAt('/userMgt');
    expect(await where()).toBe(refused('/userMgt'));
    cleanup();
    renderAt('/no/such/screen');
    expect(await where()).toBe('/404');
    cleanup();
    renderAt('/userMgt/noSuchScreen');
    expect(await where()).toBe('/404');
  });
});

describe('the 401 page says who can grant the screen', () => {
  const renderRefused = (from: string) => {
    const router = createMemoryRouter([{ path: '/401', element: <UnauthorizedRoute /> }], {
      initialEntries: [refused(from)],
    });
    render(
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>,
    );
  };

  it('tells provider staff to ask their provider administrator, with 返回首页', async () => {
    as(2, []);
    renderRefused('/agentContractRecords/contractRecords');
    expect(await screen.findByText('无权访问此页面')).toBeTruthy();
    expect(screen.getByText(/请联系本服务商的管理员在「实施人员」中为你开通/).textContent).toContain('「合同记录」');
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeTruthy();
  });

  it('tells a provider administrator the platform opens provider screens, and a platform screen is not theirs', async () => {
    as(1, []);
    renderRefused('/agentContractRecords/contractRecords');
    expect(await screen.findByText(/请联系平台管理员开通/)).toBeTruthy();
    cleanup();
    renderRefused('/userMgt/agentMgt');
    expect(await screen.findByText(/是平台管理员的页面，服务商账号不能打开/)).toBeTruthy();
  });

  it('tells a platform administrator a provider screen is not for platform accounts', async () => {
    as(0, []);
    renderRefused('/agentZKB/agentZKBMgt');
    expect(await screen.findByText('「网关设备」是服务商后台的页面，平台账号不能打开。')).toBeTruthy();
  });
});
