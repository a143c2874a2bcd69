import { Button, ColorPicker, Drawer, Switch } from 'antd';
import type { ReactNode } from 'react';
import { type Settings, themePresets, useSettingsStore } from '../../stores/settings';
import { SETTINGS_TITLE } from './settings-title';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="console-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

type Toggle = keyof Pick<Settings, 'tagsView' | 'fixedHeader' | 'sidebarLogo'>;
const toggles: { key: Toggle; label: string }[] = [
  { key: 'tagsView', label: '显示标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
];

/** Layout settings, applied at once and kept in this browser. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettingsStore();
  return (
    <Drawer title={SETTINGS_TITLE} open={open} onClose={onClose} size={300} destroyOnHidden>
      <Row label="主题色">
        <ColorPicker
          aria-label="主题色"
          value={settings.theme}
          disabledAlpha
          presets={[{ label: '推荐', colors: themePresets.map((preset) => preset.color) }]}
          onChangeComplete={(color) => settings.change('theme', color.toHexString())}
        />
      </Row>
      <div className="console-theme-swatches" role="group" aria-label="预设主题色">
        {themePresets.map((preset) => (
          <button
            key={preset.color}
            type="button"
            className={`console-swatch${settings.theme === preset.color ? ' is-active' : ''}`}
            style={{ background: preset.color }}
            aria-label={`主题色 ${preset.label}`}
            aria-pressed={settings.theme === preset.color}
            title={preset.label}
            onClick={() => settings.change('theme', preset.color)}
          />
        ))}
      </div>
      {toggles.map(({ key, label }) => (
        <Row key={key} label={label}>
          <Switch aria-label={label} checked={settings[key]} onChange={(value) => settings.change(key, value)} />
        </Row>
      ))}
      <Button block onClick={settings.reset} style={{ marginTop: 24 }}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
