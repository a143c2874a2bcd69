import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { ReasonDialog } from './reason-dialog';

function open(onSubmit: (reason: string) => Promise<unknown>, onClose = vi.fn()) {
  render(
    <App>
      <ReasonDialog title="驳回开店申请：悦泉一号店" onSubmit={onSubmit} onClose={onClose} />
    </App>,
  );
  return {
    onClose,
    reason: () => screen.getByLabelText('驳回原因'),
    confirm: () => fireEvent.click(screen.getByRole('button', { name: '确定驳回' })),
  };
}

describe('ReasonDialog (a decision with a written reason)', () => {
  afterEach(cleanup);

  it('sends nothing without a reason of at least two characters', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const dialog = open(onSubmit);
    dialog.confirm();
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    fireEvent.change(dialog.reason(), { target: { value: '差' } });
    dialog.confirm();
    expect(await screen.findByText('驳回原因至少 2 个字')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason and closes once the server accepted it', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const dialog = open(onSubmit);
    fireEvent.change(dialog.reason(), { target: { value: '  营业执照不清晰 ' } });
    dialog.confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('营业执照不清晰'));
    await waitFor(() => expect(dialog.onClose).toHaveBeenCalled());
  });

  it('stays open with the server’s message on the field when refused', async () => {
    const refusal = new ApiError(
      { errCode: 400100, errMsg: '提交的数据有误', fieldErrors: { reason: '驳回原因最多 200 字' } },
      true,
    );
    const dialog = open(() => Promise.reject(refusal));
    fireEvent.change(dialog.reason(), { target: { value: '原因写得很长' } });
    dialog.confirm();
    expect(await screen.findByText('驳回原因最多 200 字')).toBeTruthy();
    expect(dialog.onClose).not.toHaveBeenCalled();
  });
});
