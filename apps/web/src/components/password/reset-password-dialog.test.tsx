import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordDialog } from './reset-password-dialog';

const renderDialog = (
  reset: (body: { password?: string }) => Promise<{ password: string | null }>,
  onClose = vi.fn(),
) =>
  render(
    <App>
      <ResetPasswordDialog who="周敏（agent1staff）" reset={reset} onClose={onClose} />
    </App>,
  );
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确定重置' }));

describe('重置密码 dialog (platform accounts and provider operators)', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('asks the server to generate one and shows it once, until 我已记下', async () => {
    const reset = vi.fn(() => Promise.resolve({ password: 'Xy3zAb7cDe9f' }));
    const onClose = vi.fn();
    renderDialog(reset, onClose);
    confirm();
    expect(await screen.findByText('Xy3zAb7cDe9f')).toBeTruthy();
    expect(reset).toHaveBeenCalledWith({});
    expect(screen.getByText('密码只显示这一次')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '我已记下' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a typed password only once it meets the policy, and never echoes it', async () => {
    const reset = vi.fn(() => Promise.resolve({ password: null }));
    const onClose = vi.fn();
    renderDialog(reset, onClose);
    fireEvent.click(screen.getByLabelText('手动输入'));
    fireEvent.change(await screen.findByLabelText('输入新密码'), { target: { value: 'abcdefgh' } });
    confirm();
    expect(await screen.findByText('密码需包含数字')).toBeTruthy();
    expect(reset).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('输入新密码'), { target: { value: 'Chosen2026' } });
    confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reset).toHaveBeenCalledWith({ password: 'Chosen2026' });
  });
});
