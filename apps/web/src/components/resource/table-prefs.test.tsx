import { userPrefEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { useViewAs } from '../../stores/view-as';
import { PREFS_SAVE_DELAY_MS, useTablePrefs } from './table-prefs';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const saves = () => api.mock.calls.filter(([endpoint]) => endpoint === userPrefEndpoints.save);

/** Hides a column, then waits past the save delay. */
async function hideAColumn() {
  const { result } = renderHook(() => useTablePrefs('store'), { wrapper });
  act(() => result.current.setPrefs({ hidden: ['phone'], order: [], widths: {}, density: 'middle' }));
  expect(result.current.prefs.hidden).toEqual(['phone']);
  await act(() => new Promise((resolve) => setTimeout(resolve, PREFS_SAVE_DELAY_MS + 100)));
}

describe('table settings and the server', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockResolvedValue(null);
  });
  afterEach(() => {
    cleanup();
    useViewAs.setState({ active: false, session: null, ended: false });
  });

  it("are saved as the operator's preference", async () => {
    await hideAColumn();
    expect(saves()).toHaveLength(1);
  });

  it('stay in this browser in a 以服务商身份查看 tab: the provider’s preferences are not the view’s to change', async () => {
    useViewAs.setState({ active: true, session: null, ended: false });
    await hideAColumn();
    expect(saves()).toHaveLength(0);
  });
});
