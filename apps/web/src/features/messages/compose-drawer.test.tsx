import { sentMessageEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { ComposeDrawer } from './compose-drawer';

/** What a paste carries: the plain text and the page's own HTML. */
function clipboard(text: string, html: string) {
  return { getData: (type: string) => (type === 'text/plain' ? text : html), types: ['text/plain', 'text/html'] };
}

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
  beforeAll(async () => {
    // ProseMirror scrolls the selection into view; jsdom lays nothing out, so a range has no boxes.
    Range.prototype.getClientRects ??= () => document.body.getClientRects();
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
    // The drawer loads the editor lazily; loaded here once so each test waits for the form, not the import.
    await import('../../components/rich-text/rich-text-editor');
  }, 60_000);
  afterEach(cleanup);
  beforeEach(() => api.mockReset());

  it('sends the title and the editor content to every provider by default', async () => {
    api.mockResolvedValue({ id: '5', recipientCount: 3 });
    const onSent = renderDrawer();
    fireEvent.change(screen.getByLabelText('消息标题'), { target: { value: '停机通知' } });
    const editor = await screen.findByRole('textbox', { name: '消息内容' }, { timeout: 10_000 });
    // A pasted page keeps its text only.
    fireEvent.paste(editor, { clipboardData: clipboard('今晚停机', '<p style="color:red">今晚<b>停机</b></p>') });
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(sentMessageEndpoints.create, {
      body: { messageTitle: '停机通知', content: '<p>今晚停机</p>' },
    });
  }, 40_000);

  it('refuses an empty message without calling the server', async () => {
    renderDrawer();
    fireEvent.change(screen.getByLabelText('消息标题'), { target: { value: '空' } });
    const editor = await screen.findByRole('textbox', { name: '消息内容' }, { timeout: 10_000 });
    fireEvent.paste(editor, { clipboardData: clipboard(' ', '') });
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await screen.findByText('请输入消息内容', { selector: '.ant-form-item-explain-error' });
    expect(api).not.toHaveBeenCalled();
  }, 40_000);
});
