import type { CommissionReport } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import CommissionMonitorPage from './commission-monitor-page';

// 佣金监控 asks the server for one page with its filters and order, and shows the page, the total
// and the open anomalies the server counted (never the whole report).

const report: CommissionReport = {
  rows: [
    {
      agentId: '7',
      agentName: '杭州云泊科技有限公司',
      month: '2026-09',
      base: 3_974_000,
      rateBp: 1800,
      commission: 676_320,
      usual: 289_425,
      anomalies: ['rateChanged'],
      checked: null,
    },
  ],
  total: 45,
  openAnomalies: 4,
  byMonth: [{ month: '2026-09', commission: 676_320 }],
};

function renderPage() {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: report }))),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <App>
          <MemoryRouter initialEntries={['/dataMonitoring/commissionMonitorMgt?from=2026-01-01&to=2026-12-31']}>
            <CommissionMonitorPage />
          </MemoryRouter>
        </App>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const bodies = () =>
    fetch.mock.calls
      .filter(([url]) => String(url).endsWith('/report/commission'))
      .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
  const urls = () => fetch.mock.calls.map(([url]) => String(url));
  return { bodies, urls };
}

describe('commission monitor page', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for one page with its filters and shows the server total', async () => {
    const { bodies } = renderPage();
    expect(await screen.findByText('杭州云泊科技有限公司')).toBeTruthy();
    expect(screen.getByText('佣金明细（待核对异常 4 条）')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(bodies()[0]).toMatchObject({
      from: '2026-01-01',
      to: '2026-12-31',
      page: 1,
      pageSize: 20,
      sort: 'anomalies',
      onlyAnomalies: false,
    });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ page: 2, pageSize: 20 }));
    // A filter starts again at the first page.
    fireEvent.click(screen.getByRole('switch', { name: '只看异常' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ page: 1, onlyAnomalies: true }));
  });

  it('takes the 服务商 options from the report, not from the provider list', async () => {
    const { urls } = renderPage();
    expect(await screen.findByText('杭州云泊科技有限公司')).toBeTruthy();
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
    await waitFor(() => expect(urls().some((u) => u.endsWith('/report/commission/agents'))).toBe(true));
    expect(urls().some((u) => u.includes('/agent/page'))).toBe(false);
  });
});
