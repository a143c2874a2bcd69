import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { antdSize, useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';

/**
 * The console's one antd root: Chinese locale, the operator's theme colour and component size,
 * CSS variables (so a colour change restyles the page without regenerating component styles), and
 * antd `App` so `App.useApp()` gives message/modal/notification with this context.
 *
 * Zero-runtime styles (issue 7): component styles come from antd's static stylesheet (imported in
 * main.tsx), unhashed, so rendering a component never generates CSS; only the theme's CSS
 * variables are written at runtime.
 *
 * One rule for button text (issue 28): antd spaces out a two-character Chinese label (保 存) but
 * not a longer one, so 保存 beside 查询条件 looked uneven; no button gets the inserted space. A form
 * that refuses to submit scrolls its first error into view (a tall permission tree hid it).
 */
const buttonConfig = { autoInsertSpace: false };
const formConfig = { scrollToFirstError: true };

export function ThemeProvider({ children }: { children: ReactNode }) {
  const colorPrimary = useSettingsStore((state) => state.theme);
  const size = useAppStore((state) => state.size);
  const theme = useMemo(
    () => ({
      cssVar: { prefix: 'ant', key: 'console' },
      hashed: false,
      zeroRuntime: true,
      token: { colorPrimary, colorLink: colorPrimary },
    }),
    [colorPrimary],
  );
  return (
    <ConfigProvider locale={zhCN} theme={theme} componentSize={antdSize(size)} button={buttonConfig} form={formConfig}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
