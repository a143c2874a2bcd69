import { baseFields, defineResource } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
import { type WebResource, defineWebResource } from './define-web-resource';
import { ResourceFormDrawer } from './resource-form-drawer';

const noteResource = defineResource({
  name: 'note',
  prefix: '/note',
  title: 'IP 便签',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().trim().min(1).max(20) }),
  writable: ['name'],
  filters: {},
  sortable: [],
});
const noteWeb = defineWebResource(noteResource, {
  fields: { name: { label: 'IP 名称' } },
  columns: ['name'],
  rowTitle: (row) => row.name,
});

function open(onClose: () => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <ResourceFormDrawer
          web={noteWeb as unknown as WebResource<never, never>}
          record={null}
          onClose={onClose}
          onSaved={() => undefined}
        />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const cancel = () => fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));

describe('form drawer closing', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('closes an untouched form at once', () => {
    const onClose = vi.fn();
    open(onClose);
    // Generated texts space Chinese from Latin: 新增 IP 便签, 请输入 IP 名称.
    expect(screen.getByText('新增 IP 便签')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入 IP 名称')).toBeTruthy();
    cancel();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks 放弃修改？ before dropping typed changes: 继续编辑 keeps them, 放弃修改 closes', async () => {
    const onClose = vi.fn();
    open(onClose);
    fireEvent.change(screen.getByLabelText('IP 名称'), { target: { value: '未保存的内容' } });
    cancel();
    expect(await screen.findByRole('button', { name: '继续编辑' })).toBeTruthy();
    expect(screen.getAllByText('放弃修改？').length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('IP 名称').value).toBe('未保存的内容'));
    expect(onClose).not.toHaveBeenCalled();

    // The drawer's own close button asks too.
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    // The first dialog is still animating out in jsdom: the new one is the last.
    await waitFor(() => expect(screen.getAllByRole('button', { name: '放弃修改' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: '放弃修改' }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
