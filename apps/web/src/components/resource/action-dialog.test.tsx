import { errors } from '@console/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/request';
import { type ActionDialogSpec, DialogCancelled, useActionDialog, useDialogTarget } from './action-dialog';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: '1', name: '小刘' },
  { id: '2', name: '阿芳' },
  { id: '3', name: '老周' },
];

function Harness({ submit }: { submit: ActionDialogSpec<Row, { note: string }>['submit'] }) {
  const [outcome, setOutcome] = useState('');
  const { open, element } = useActionDialog<Row, { note: string }>({
    title: (picked) => `批量备注（${picked.length} 人）`,
    summary: (picked) => <span data-testid="count">将修改 {picked.length} 名员工</span>,
    form: (
      <Form.Item name="note" label="备注" rules={[{ required: true, message: '请填写备注' }]}>
        <Input />
      </Form.Item>
    ),
    submit,
  });
  return (
    <App>
      <button
        type="button"
        onClick={() =>
          void open(rows.slice(0, 2)).then(
            () => setOutcome('done'),
            (reason: unknown) => setOutcome(reason instanceof DialogCancelled ? 'cancelled' : 'failed'),
          )
        }
      >
        批量
      </button>
      <output>{outcome}</output>
      {element}
    </App>
  );
}

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('action dialog', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows how many rows it changes and settles the action after a successful submit', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(<Harness submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: '批量' }));
    expect((await screen.findByTestId('count')).textContent).toBe('将修改 2 名员工');
    expect(screen.getByText('批量备注（2 人）')).toBeTruthy();
    fireEvent.click(okButton());
    expect(await screen.findByText('请填写备注')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '续期' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('done'));
    expect(submit).toHaveBeenCalledWith(rows.slice(0, 2), { note: '续期' });
  });

  it('rejects the action when closed, so the list keeps its ticked rows', async () => {
    render(<Harness submit={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('button', { name: '批量' }));
    await screen.findByTestId('count');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('cancelled'));
  });

  it('stays open with the server’s field messages when the submit is refused', async () => {
    const refusal = new ApiError(
      {
        errCode: errors.versionConflict.code,
        errMsg: '第 2 条员工已被他人修改',
        fieldErrors: { note: '已被他人修改' },
      },
      true,
    );
    render(<Harness submit={() => Promise.reject(refusal)} />);
    fireEvent.click(screen.getByRole('button', { name: '批量' }));
    await screen.findByTestId('count');
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '续期' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('已被他人修改')).toBeTruthy();
    expect(screen.getByTestId('count')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('useDialogTarget', () => {
  afterEach(cleanup);

  function Target() {
    const { target, open, done, cancel } = useDialogTarget<Row>();
    const [outcome, setOutcome] = useState('');
    const start = (row: Row) =>
      void open(row).then(
        () => setOutcome(`done ${row.name}`),
        (reason: unknown) => setOutcome(reason instanceof DialogCancelled ? `cancelled ${row.name}` : 'failed'),
      );
    return (
      <>
        <button type="button" onClick={() => start(rows[0]!)}>
          打开
        </button>
        {target && (
          <div data-testid="dialog">
            {target.name}
            <button type="button" onClick={done}>
              完成
            </button>
            <button type="button" onClick={cancel}>
              关闭
            </button>
            <button
              type="button"
              onClick={() => {
                done();
                cancel();
              }}
            >
              完成并关闭
            </button>
          </div>
        )}
        <span data-testid="outcome">{outcome}</span>
      </>
    );
  }

  it('shows the target until done or cancelled, settling the action once either way', async () => {
    render(<Target />);
    expect(screen.queryByTestId('dialog')).toBeNull();

    fireEvent.click(screen.getByText('打开'));
    expect(screen.getByTestId('dialog').textContent).toContain('小刘');
    fireEvent.click(screen.getByText('完成'));
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('done 小刘'));
    expect(screen.queryByTestId('dialog')).toBeNull();

    fireEvent.click(screen.getByText('打开'));
    fireEvent.click(screen.getByText('关闭'));
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('cancelled 小刘'));
    expect(screen.queryByTestId('dialog')).toBeNull();

    // A dialog that closes itself after its success (ReasonDialog) must not turn the outcome into a cancel.
    fireEvent.click(screen.getByText('打开'));
    fireEvent.click(screen.getByText('完成并关闭'));
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('done 小刘'));
  });
});
