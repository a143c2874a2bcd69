import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, type FormInstance, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A form whose instance the test watches: jsdom lays nothing out, so the scroll call is what shows. */
function WatchedForm({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} onFinish={() => undefined}>
      <Form.Item name="menuIds" label="菜单权限" rules={[{ required: true, message: '请至少选择一项菜单权限' }]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { ThemeProvider } from './theme-provider';

const styles = () => [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');

describe('theme provider', () => {
  afterEach(() => {
    cleanup();
    useSettingsStore.getState().reset();
    useAppStore.getState().setSize('medium');
  });

  it('applies the settings colour as antd CSS variables, live', () => {
    render(
      <ThemeProvider>
        <Button type="primary">保存</Button>
      </ThemeProvider>,
    );
    expect(styles()).toMatch(/--ant-color-primary:\s*#1890ff/i);
    act(() => useSettingsStore.getState().change('theme', '#722ed1'));
    expect(styles()).toMatch(/--ant-color-primary:\s*#722ed1/i);
  });

  it('sizes components from the app store', () => {
    act(() => useAppStore.getState().setSize('small'));
    render(
      <ThemeProvider>
        <Button>确定</Button>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').className).toContain('ant-btn-sm');
    act(() => useAppStore.getState().setSize('large'));
    expect(screen.getByRole('button').className).toContain('ant-btn-lg');
  });

  it('writes two-character button labels as they are, with no inserted space', () => {
    render(
      <ThemeProvider>
        <Button>保存</Button>
        <Button>查询</Button>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: '保存' }).textContent).toBe('保存');
    expect(screen.queryByRole('button', { name: '保 存' })).toBeNull();
  });

  it('scrolls a refused form to its first error', async () => {
    const scrolled = vi.fn();
    render(
      <ThemeProvider>
        <WatchedForm onForm={(form) => (form.scrollToField = scrolled)} />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请至少选择一项菜单权限')).toBeTruthy();
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith(['menuIds'], expect.anything()));
  });
});
