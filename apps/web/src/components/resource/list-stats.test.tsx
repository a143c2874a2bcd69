import {
  baseFields,
  defineEndpoint,
  defineResource,
  filter,
  id,
  isoDate,
  labelledEnum,
  rangeFilter,
} from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
import { useSession } from '../../stores/session';
import { defineWebResource } from './define-web-resource';
import { addDays, chinaToday } from './expiry';
import { expiryStatCards } from './expiry-stat-cards';
import type { ListStats } from './list-stats';
import { ResourceListPage } from './resource-list-page';

const status = labelledEnum({ 1: '正常', 0: '停用' });
const memberResource = defineResource({
  name: 'member',
  prefix: '/member',
  title: '会员',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string(), agentId: id, expireDate: isoDate, status }),
  filters: {
    agentId: filter(id, 'eq'),
    keyword: filter(z.string(), 'contains', { columns: ['name'] }),
    status: filter(status, 'eq'),
    expireDate: rangeFilter(isoDate),
  },
  sortable: ['expireDate'],
  actions: ['page'],
});
const memberWeb = defineWebResource(memberResource, {
  fields: { expireDate: { label: '到期日', kind: 'expiry' } },
  columns: ['name', 'expireDate'],
  filterLabels: { keyword: { label: '关键词' } },
  rowTitle: (row) => row.name,
});
const statistics = defineEndpoint({
  method: 'POST',
  path: '/member/statistics',
  access: { permission: 'member.page' },
  audience: 'platform',
  summary: '会员统计',
  module: '测试',
  write: false,
  body: z.object({ agentId: id.optional() }),
  response: z.object({ total: z.number(), active: z.number(), expired: z.number(), expiringSoon: z.number() }),
});
const stats: ListStats = { endpoint: statistics, scope: ['agentId'], cards: expiryStatCards('expireDate', '会员总数') };

type Call = { path: string; body: Record<string, unknown> };
function serve(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
      calls.push({ path, body });
      const data =
        path === '/member/statistics'
          ? { total: 120, active: 90, expired: 18, expiringSoon: 7 }
          : path === '/member/page'
            ? { total: 0, list: [] }
            : null;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  return calls;
}

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        {/* The browser's own history: the list writes its filters into the address bar. */}
        <BrowserRouter>
          <Routes>
            <Route path="/members" element={<ResourceListPage web={memberWeb} stats={stats} />} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const card = (label: RegExp) => screen.getByRole('button', { name: label });
const pages = (calls: Call[]) => calls.filter((call) => call.path === '/member/page');

describe('statistics cards above a list', { timeout: 30_000 }, () => {
  beforeEach(() => useSession.setState({ permissions: new Set(['member.page']) }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('show the figures for the list’s provider and filter the list to the rows a card counts', async () => {
    const calls = serve();
    renderAt('/members?agentId=7&keyword=%E7%8E%8B');
    await waitFor(() => expect(card(/30 天内到期/).textContent).toContain('7'), { timeout: 8000 });
    expect(card(/会员总数/).textContent).toContain('120');
    // The figures follow the provider filter only; the keyword is the list's own.
    expect(calls.find((call) => call.path === '/member/statistics')?.body).toEqual({ agentId: '7' });
    expect(card(/会员总数/).getAttribute('aria-pressed')).toBe('true');

    const today = chinaToday();
    fireEvent.click(card(/30 天内到期/));
    await waitFor(() => expect(pages(calls)).toHaveLength(2));
    expect(pages(calls)[1]?.body).toEqual({
      agentId: '7',
      keyword: '王',
      expireDate: { from: today, to: addDays(today, 30) },
      offset: 1,
      size: 20,
      sort: { field: 'expireDate', order: 'ascend' },
    });
    await waitFor(() => expect(card(/30 天内到期/).getAttribute('aria-pressed')).toBe('true'));
    expect(card(/会员总数/).getAttribute('aria-pressed')).toBe('false');
    expect(decodeURIComponent(window.location.search)).toContain(`expireDate=${today}~${addDays(today, 30)}`);

    fireEvent.click(card(/正常/));
    await waitFor(() => expect(pages(calls)).toHaveLength(3));
    expect(pages(calls)[2]?.body).toMatchObject({ status: 1, expireDate: { from: today } });

    fireEvent.click(card(/已过期/));
    await waitFor(() => expect(pages(calls)).toHaveLength(4));
    const expired = pages(calls)[3]?.body;
    expect(expired).toMatchObject({ expireDate: { to: addDays(today, -1) }, sort: { order: 'descend' } });
    expect(expired).not.toHaveProperty('status');

    fireEvent.click(card(/会员总数/));
    await waitFor(() => expect(pages(calls)).toHaveLength(5));
    expect(pages(calls)[4]?.body).toEqual({ agentId: '7', keyword: '王', offset: 1, size: 20 });
  });

  it('marks the card an address already filters by (a dashboard link)', async () => {
    serve();
    const today = chinaToday();
    renderAt(`/members?expireDate=~${addDays(today, -1)}`);
    await waitFor(() => expect(card(/已过期/).getAttribute('aria-pressed')).toBe('true'));
  });
});
