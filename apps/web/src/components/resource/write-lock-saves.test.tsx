import { baseFields, defineResource, permissionOf } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSession } from '../../stores/session';
import { openViewAsTab } from '../../stores/view-as.testing';
import { ExportTaskButton } from '../export/export-task-button';
import { ResetPasswordDialog } from '../password/reset-password-dialog';
import { UploadField } from '../upload/upload-field';
import { useActionDialog } from './action-dialog';
import { ConfirmButton } from './confirm-button';
import { defineWebResource } from './define-web-resource';
import { ReasonDialog } from './reason-dialog';
import { ResourceFormDrawer } from './resource-form-drawer';
import { SettingsForm } from './settings-form';
import { READ_ONLY_TIP } from './write-lock';

type Tab = 'read' | 'write' | 'normal';

const openTab = (tab: Tab) => openViewAsTab(tab);

const noteResource = defineResource({
  name: 'note',
  prefix: '/note',
  title: '便签',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().trim().min(1).max(20) }),
  writable: ['name'],
  filters: {},
  sortable: [],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
});
const noteWeb = defineWebResource(noteResource, {
  fields: { name: { label: '名称' } },
  columns: ['name'],
  rowTitle: (row) => row.name,
});

function renderInApp(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

function ActionDialogHost({ submit }: { submit: () => Promise<unknown> }) {
  const dialog = useActionDialog<string, { remark: string }>({
    title: () => '修改备注',
    summary: (rows) => `共 ${rows.length} 条`,
    form: (
      <Form.Item name="remark" label="备注">
        <Input />
      </Form.Item>
    ),
    submit,
  });
  return (
    <>
      <button type="button" onClick={() => void dialog.open(['7']).catch(() => undefined)}>
        打开
      </button>
      {dialog.element}
    </>
  );
}

/** antd spaces a two-character label (保 存), so names match with optional spaces between characters. */
const named = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);
const button = (label: string) => screen.getByRole<HTMLButtonElement>('button', { name: named(label) });
const findButton = (label: string) => screen.findByRole<HTMLButtonElement>('button', { name: named(label) });

/** The button is disabled, and its wrapper names the lock and shows it as the tooltip on hover. */
async function expectLocked(target: HTMLButtonElement) {
  expect(target.disabled).toBe(true);
  const wrapper = target.closest('.write-locked');
  expect(wrapper?.getAttribute('data-locked')).toBe(READ_ONLY_TIP);
  if (wrapper) fireEvent.mouseEnter(wrapper);
  expect(await screen.findByText(READ_ONLY_TIP)).toBeTruthy();
}

function expectOpen(target: HTMLButtonElement) {
  expect(target.disabled).toBe(false);
  expect(target.closest('.write-locked')).toBeNull();
}

describe('saves and confirmations in a 以服务商身份查看 tab', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    openTab('normal');
  });

  const renderFormDrawer = () =>
    renderInApp(<ResourceFormDrawer web={noteWeb} record={null} onClose={vi.fn()} onSaved={vi.fn()} />);

  it("lock the form drawer's 保存 while read-only; 取消 only closes, so it stays", async () => {
    openTab('read');
    renderFormDrawer();
    await expectLocked(button('保存'));
    expectOpen(button('取消'));
  });

  it.each<Tab>(['write', 'normal'])("leave the form drawer's 保存 enabled in a %s tab", (tab) => {
    openTab(tab);
    renderFormDrawer();
    expectOpen(button('保存'));
  });

  const renderSettings = (save = vi.fn(() => Promise.resolve())) => {
    renderInApp(
      <SettingsForm
        spec={{
          title: '客服信息',
          queryKey: ['write-lock-settings'],
          load: () => Promise.resolve({ phone: '400-800-1234' }),
          toValues: (data) => data,
          save,
          savedMessage: '客服信息已保存',
          canEdit: true,
        }}
      >
        {() => (
          <Form.Item name="phone" label="客服电话">
            <Input />
          </Form.Item>
        )}
      </SettingsForm>,
    );
    return save;
  };

  it("lock a settings form's 保存 while read-only, and send nothing on Enter either", async () => {
    openTab('read');
    const save = renderSettings();
    await expectLocked(await findButton('保存'));
    fireEvent.submit(screen.getByLabelText('客服电话').closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(save).not.toHaveBeenCalled();
  });

  it.each<Tab>(['write', 'normal'])("leave a settings form's 保存 enabled in a %s tab", async (tab) => {
    openTab(tab);
    renderSettings();
    expectOpen(await findButton('保存'));
  });

  it("lock an action dialog's 确定 while read-only; 取消 still closes it", async () => {
    openTab('read');
    const submit = vi.fn(() => Promise.resolve());
    renderInApp(<ActionDialogHost submit={submit} />);
    fireEvent.click(screen.getByText('打开'));
    const ok = await findButton('确定');
    fireEvent.click(ok);
    await expectLocked(ok);
    expect(submit).not.toHaveBeenCalled();
    expectOpen(button('取消'));
  });

  it("leave an action dialog's 确定 enabled in write mode", async () => {
    openTab('write');
    const submit = vi.fn(() => Promise.resolve());
    renderInApp(<ActionDialogHost submit={submit} />);
    fireEvent.click(screen.getByText('打开'));
    const ok = await findButton('确定');
    expectOpen(ok);
    fireEvent.click(ok);
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
  });

  it.each<[Tab, boolean]>([
    ['read', true],
    ['write', false],
    ['normal', false],
  ])("lock a reason dialog's 确定驳回 in a %s tab: %s", async (tab, locked) => {
    openTab(tab);
    renderInApp(<ReasonDialog title="驳回申请" onSubmit={() => Promise.resolve()} onClose={vi.fn()} />);
    const ok = await findButton('确定驳回');
    if (locked) await expectLocked(ok);
    else expectOpen(ok);
  });

  it("lock 重置密码's 确定重置 while read-only, and leave it enabled in write mode", async () => {
    openTab('read');
    const reset = vi.fn(() => Promise.resolve({ password: null }));
    renderInApp(<ResetPasswordDialog who="王会计（wang.kj）" reset={reset} onClose={vi.fn()} />);
    await expectLocked(await findButton('确定重置'));
    cleanup();
    openTab('write');
    renderInApp(<ResetPasswordDialog who="王会计（wang.kj）" reset={reset} onClose={vi.fn()} />);
    expectOpen(await findButton('确定重置'));
  });

  it('show a locked ConfirmButton without asking its question', async () => {
    const onConfirm = vi.fn();
    renderInApp(<ConfirmButton label="删除" question="确定删除吗？" onConfirm={onConfirm} locked={READ_ONLY_TIP} />);
    const remove = button('删除');
    fireEvent.click(remove);
    await expectLocked(remove);
    expect(screen.queryByText('确定删除吗？')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it.each<[Tab, boolean]>([
    ['read', true],
    ['normal', false],
  ])('lock an upload in a %s tab: %s', async (tab, locked) => {
    openTab(tab);
    renderInApp(<UploadField purpose="serviceQr" />);
    const upload = screen.getByRole<HTMLButtonElement>('button', { name: /上传/ });
    if (locked) await expectLocked(upload);
    else expectOpen(upload);
  });

  it.each<[Tab, boolean]>([
    ['read', true],
    ['write', false],
    ['normal', false],
  ])('lock 导出 (it creates an export task, a write) in a %s tab: %s', async (tab, locked) => {
    const endpoint = noteResource.endpoints.export;
    if (!endpoint) throw new Error('the note resource has an export endpoint');
    useSession.setState({ permissions: new Set([permissionOf(endpoint.access) ?? '']) });
    openTab(tab);
    renderInApp(
      <MemoryRouter>
        <ExportTaskButton endpoint={endpoint} body={{}} messageKey="export-note" />
      </MemoryRouter>,
    );
    const exportButton = screen.getByRole<HTMLButtonElement>('button', { name: /导\s*出$/ });
    if (locked) await expectLocked(exportButton);
    else expectOpen(exportButton);
  });
});
