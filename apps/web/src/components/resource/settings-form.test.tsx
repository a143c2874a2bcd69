import { errors } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { SettingsForm, type SettingsFormSpec } from './settings-form';

interface Data {
  phone: string;
  version: number;
}

function renderSettings(overrides: Partial<SettingsFormSpec<Data, { phone: string }>>) {
  const spec: SettingsFormSpec<Data, { phone: string }> = {
    title: '客服信息',
    queryKey: ['settings-test'],
    load: () => Promise.resolve({ phone: '400-800-1234', version: 3 }),
    toValues: (data) => ({ phone: data.phone }),
    save: () => Promise.resolve(),
    savedMessage: '客服信息已保存',
    canEdit: true,
    ...overrides,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <SettingsForm spec={spec}>
          {() => (
            <Form.Item name="phone" label="客服电话" rules={[{ required: true, message: '请输入客服电话' }]}>
              <Input />
            </Form.Item>
          )}
        </SettingsForm>
      </App>
    </QueryClientProvider>,
  );
  return spec;
}

const phoneInput = () => screen.findByLabelText<HTMLInputElement>('客服电话');
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('SettingsForm (one settings record edited on its page)', () => {
  afterEach(cleanup);

  it('fills the form from what was read and saves the change at the version read', async () => {
    const save = vi.fn((_values: { phone: string }, _data: Data) => Promise.resolve());
    renderSettings({ save });
    const input = await phoneInput();
    expect(input.value).toBe('400-800-1234');
    fireEvent.change(input, { target: { value: '400-800-5678' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ phone: '400-800-5678' }, { phone: '400-800-1234', version: 3 }),
    );
    expect(await screen.findByText('客服信息已保存')).toBeTruthy();
  });

  it('sends nothing while a rule refuses the input', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderSettings({ save });
    fireEvent.change(await phoneInput(), { target: { value: '' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入客服电话')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('says a load failure in Chinese and reads again on 重试', async () => {
    const load = vi
      .fn<() => Promise<Data>>()
      .mockRejectedValueOnce(new Error('网络连接失败'))
      .mockResolvedValue({ phone: '400-000-0000', version: 1 });
    renderSettings({ load });
    expect(await screen.findByText('客服信息加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect((await phoneInput()).value).toBe('400-000-0000');
  });

  it('keeps the typed input on a stale version and loads the newest copy when asked', async () => {
    const stale = new ApiError({ errCode: errors.versionConflict.code, errMsg: errors.versionConflict.message }, true);
    let stored: Data = { phone: '400-800-1234', version: 3 };
    const load = vi.fn(() => Promise.resolve(stored));
    renderSettings({ load, save: () => Promise.reject(stale) });
    const input = await phoneInput();
    stored = { phone: '400-999-9999', version: 4 };
    fireEvent.change(input, { target: { value: '400-800-5678' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('数据已被他人修改')).toBeTruthy();
    expect(input.value).toBe('400-800-5678');
    fireEvent.click(screen.getByRole('button', { name: '载入最新数据' }));
    await waitFor(() => expect(input.value).toBe('400-999-9999'));
    await waitFor(() => expect(screen.queryByText('数据已被他人修改')).toBeNull());
  });

  it('puts the server’s field message on its field', async () => {
    const refusal = new ApiError(
      {
        errCode: errors.validation.code,
        errMsg: errors.validation.message,
        fieldErrors: { phone: '客服电话格式不正确' },
      },
      true,
    );
    renderSettings({ save: () => Promise.reject(refusal) });
    fireEvent.change(await phoneInput(), { target: { value: '12' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('客服电话格式不正确')).toBeTruthy();
  });

  it('is read-only without the edit permission', async () => {
    renderSettings({ canEdit: false });
    expect((await phoneInput()).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
