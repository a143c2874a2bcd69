import type { CurrentScope } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { providerSource } from './reference-sources';
import { ScopeLine, type ScopeLineProps } from './scope-line';

const provider: CurrentScope = {
  agentId: '7',
  agentName: '成都蜀联',
  storeCount: 37,
  storeCountCapped: false,
  staff: false,
  grantCount: null,
};
const platform: CurrentScope = { ...provider, agentId: null, agentName: null, storeCount: null };

function show(scope: CurrentScope, props: ScopeLineProps) {
  api.mockImplementation((endpoint: { path: string }) =>
    Promise.resolve(endpoint.path === '/scope/current' ? scope : { id: '7', name: '杭州汤泉' }),
  );
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <ScopeLine {...props} />
    </QueryClientProvider>,
  );
  return container;
}

describe('ScopeLine (当前范围)', () => {
  afterEach(cleanup);
  // Braces: a hook's returned function would run as its teardown, and mockReset returns the mock.
  beforeEach(() => {
    api.mockReset();
  });

  it('names the provider and its store count on a provider list', async () => {
    show(provider, { tenant: true });
    expect(await screen.findByText('当前范围：成都蜀联 · 37 家门店')).toBeTruthy();
  });

  it('says how much a staff grant holds, and a capped count as 10,000+', async () => {
    show({ ...provider, staff: true, grantCount: 12, storeCount: 10_000, storeCountCapped: true }, { tenant: true });
    expect(await screen.findByText('当前范围：成都蜀联 · 10,000+ 家门店 · 员工授权 12 项')).toBeTruthy();
  });

  it('shows nothing on a provider list the server does not confine (not a tenant table)', async () => {
    const container = show(provider, { tenant: false });
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('names the provider a platform list is filtered to, by its name', async () => {
    show(platform, { tenant: true, agentFilter: { id: '7', source: providerSource } });
    expect(await screen.findByText('杭州汤泉', { exact: false })).toBeTruthy();
    expect(screen.getByText(/当前范围：服务商「/)).toBeTruthy();
  });

  it('shows nothing on an unfiltered platform list', async () => {
    const container = show(platform, { tenant: true });
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
