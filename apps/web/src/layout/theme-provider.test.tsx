import { act, cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
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
});
