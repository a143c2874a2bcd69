import { directAdjustAccountEndpoint } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { DirectAdjustButton } from './direct-adjust-button';

const { api } = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api,
}));

function mount(onDone = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <DirectAdjustButton onDone={onDone} />
      </App>
    </QueryClientProvider>,
  );
  return onDone;
}

describe('直营 交易记录 调整余额', () => {
  afterEach(() => {
    cleanup();
    api.mockReset();
  });

  it('is not offered without directAccountRecord.adjust', () => {
    useSession.setState({ permissions: new Set(['directAccountRecord.page']) });
    mount();
    expect(screen.queryByRole('button', { name: '调整余额' })).toBeNull();
  });

  it('confirms against the balance read when it opened and sends that balance with the adjustment', async () => {
    useSession.setState({ permissions: new Set(['directAccountRecord.page', 'directAccountRecord.adjust']) });
    api.mockImplementation((def: { path: string }) =>
      Promise.resolve(
        def.path === directAdjustAccountEndpoint.path ? {} : { balance: 120_000, count: 3, income: 0, expense: 0 },
      ),
    );
    const onDone = mount();
    fireEvent.click(screen.getByRole('button', { name: '调整余额' }));
    expect(await screen.findByText('¥1,200.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('调整原因'), { target: { value: '对公转账充值' } });
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByTestId('balance-after')).toHaveProperty('textContent', '¥1,500.00');
    expect(api.mock.calls.some(([def]) => def === directAdjustAccountEndpoint)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确认调整/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = api.mock.calls.find(([def]) => def === directAdjustAccountEndpoint);
    expect(sent?.[1]).toEqual({
      body: { direction: 1, kind: 1, amount: 30_000, remark: '对公转账充值', balanceBefore: 120_000 },
    });
  });
});
