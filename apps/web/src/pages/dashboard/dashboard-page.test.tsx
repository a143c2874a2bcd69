import type { DashboardSummary } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import { DashboardPage } from './dashboard-page';

const counts = { total: 0, expired: 0, expiringSoon: 0 };
const summary = (scope: DashboardSummary['scope']): DashboardSummary => ({
  scope,
  generatedAt: '2026-11-22T02:00:00.000Z',
  providers: scope === 'platform' ? { total: 3, pending: 1, active: 2, frozen: 0, expired: 0 } : null,
  accounts: { total: 4, enabled: 4 },
  enterprises: { total: 8 },
  stores: { total: 0, pending: 0, normal: 0, disabled: 0, expired: 0, recycled: 0, expiringSoon: 0 },
  expiryWindow: { from: '2026-11-22', to: '2026-12-22' },
  gateways: { total: 0, online: 0, offline: 0 },
  androidDevices: { total: 0, online: 0, offline: 0 },
  homeUsers: { ...counts, total: 12, expiringSoon: 6 },
  staffUsers: counts,
  recentOperations: scope === 'agent' ? [] : null,
  account:
    scope === 'agent'
      ? { balance: 1_234_500, monthRenewals: 2, monthRenewalAmount: 196_000, monthStart: '2026-11-01' }
      : null,
});

function renderWith(data: DashboardSummary) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })))),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('dashboard page', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the platform figures from the server, providers included', async () => {
    renderWith(summary('platform'));
    expect(await screen.findByText('以下为平台全部服务商的数据')).toBeTruthy();
    const providers = screen.getByLabelText('服务商');
    expect(providers.textContent).toContain('3');
    expect(providers.textContent).toContain('待审核 1');
    expect(screen.getByLabelText('店主账号').textContent).toContain('30 天内到期 6');
    expect(screen.queryByText('最近操作')).toBeNull();
    // Nothing to chart: say so rather than draw an all-zero ring.
    // The charts are a lazy chunk (ECharts), slow to import the first time.
    expect(await screen.findByText('暂无门店', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('暂无设备')).toBeTruthy();
  });

  it('draws only the cards the server answered (the operator holds their screens)', async () => {
    const only = {
      ...summary('platform'),
      providers: null,
      accounts: null,
      stores: null,
      gateways: null,
      androidDevices: null,
      homeUsers: null,
      staffUsers: null,
    };
    renderWith(only);
    expect(await screen.findByText('以下为平台全部服务商的数据')).toBeTruthy();
    expect(screen.getByLabelText('企业').textContent).toContain('8');
    for (const hidden of ['服务商', '门店', '网关设备', '安卓终端', '店主账号', '门店员工', '后台账号']) {
      expect(screen.queryByLabelText(hidden)).toBeNull();
    }
    expect(screen.queryByText('门店状态分布')).toBeNull();
    expect(screen.queryByText('设备在线情况')).toBeNull();
  });

  it('says so when no card is left', async () => {
    renderWith({
      ...summary('agent'),
      accounts: null,
      enterprises: null,
      stores: null,
      gateways: null,
      androidDevices: null,
      homeUsers: null,
      staffUsers: null,
      recentOperations: null,
      account: null,
    });
    expect(await screen.findByText('当前账号没有可查看的概览数据，请从左侧菜单进入有权限的页面')).toBeTruthy();
  });

  it('shows a provider only its own figures and no provider count', async () => {
    renderWith(summary('agent'));
    expect(await screen.findByText('以下为本服务商的数据')).toBeTruthy();
    expect(screen.queryByLabelText('服务商')).toBeNull();
    expect(screen.getByLabelText('企业').textContent).toContain('8');
    expect(screen.getByText('最近操作')).toBeTruthy();
    expect(screen.getByText('暂无操作记录')).toBeTruthy();
  });
});
