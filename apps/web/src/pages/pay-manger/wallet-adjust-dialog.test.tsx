import type { EnterpriseWallet } from '@console/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';
import { WalletAdjustDialog } from './wallet-adjust-dialog';

const { api } = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api,
}));

const wallet: EnterpriseWallet = {
  id: '7',
  agentId: '2',
  agentName: '杭州云泊科技有限公司',
  enterpriseId: '11',
  enterpriseName: '杭州云泉休闲有限公司',
  balance: 402_000,
  status: 1,
  version: 3,
  createdAt: '2026-05-10T12:00:00.000Z',
  updatedAt: '2026-05-10T12:00:00.000Z',
};

function open() {
  const onDone = vi.fn();
  render(
    <App>
      <WalletAdjustDialog wallet={wallet} onDone={onDone} onCancel={vi.fn()} />
    </App>,
  );
  return onDone;
}

describe('调整余额 (two steps: the form, then the second confirmation)', () => {
  afterEach(() => {
    cleanup();
    api.mockReset();
  });

  it('sends nothing until 确认调整, then the amount in fen with the reason', async () => {
    api.mockResolvedValue({});
    const onDone = open();
    fireEvent.click(screen.getByText('扣款（减少）'));
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '20.5' } });
    fireEvent.change(screen.getByLabelText('调整原因'), { target: { value: ' 门店年费扣款 ' } });
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByTestId('balance-after')).toHaveProperty('textContent', '¥3,999.50');
    expect(api).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确认调整/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api).toHaveBeenCalledTimes(1);
    expect(api.mock.calls[0]?.[1]).toEqual({
      body: { id: '7', direction: 2, kind: 4, amount: 2_050, remark: '门店年费扣款' },
    });
  });

  it('refuses to confirm a deduction past the balance', async () => {
    open();
    fireEvent.click(screen.getByText('扣款（减少）'));
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('调整原因'), { target: { value: '超额扣款' } });
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('余额不足，不能扣款')).toBeTruthy();
    expect(screen.getByRole('button', { name: /确认调整/ })).toHaveProperty('disabled', true);
    expect(api).not.toHaveBeenCalled();
  });
});
