import { sentMessageEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { ComposeDrawer } from './compose-drawer';

function renderDrawer(onSent = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ComposeDrawer open onClose={() => undefined} onSent={onSent} />
      </App>
    </QueryClientProvider>,
  );
  return onSent;
}

describe('ComposeDrawer', () => {
  afterEach(cleanup);
  beforeEach(() => api.mockReset());

  it('sends the title and the editor content to every provider by default', async () => {
    api.mockResolvedValue({ id: '5', recipientCount: 3 });
    const onSent = renderDrawer();
    fireEvent.change(screen.getByLabelText('消息标题'), { target: { value: '停机通知' } });
    const editor = await screen.findByRole('textbox', { name: '消息内容' }, { timeout: 10_000 });
    editor.innerHTML = '<p>今晚<strong>停机</strong></p>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(sentMessageEndpoints.create, {
      body: { messageTitle: '停机通知', content: '<p>今晚<strong>停机</strong></p>' },
    });
  }, 40_000);

  it('refuses an empty message without calling the server', async () => {
    renderDrawer();
    fireEvent.change(screen.getByLabelText('消息标题'), { target: { value: '空' } });
    const editor = await screen.findByRole('textbox', { name: '消息内容' }, { timeout: 10_000 });
    editor.innerHTML = '<p> </p>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await screen.findByText('请输入消息内容', { selector: '.ant-form-item-explain-error' });
    expect(api).not.toHaveBeenCalled();
  }, 40_000);
});
