import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const DEFAULT_THEME = '#1890ff';
/** Preset colours of the settings drawer's picker. */
export const themePresets = [
  { color: '#1890ff', label: '拂晓蓝' },
  { color: '#409eff', label: '天际蓝' },
  { color: '#13c2c2', label: '明青' },
  { color: '#52c41a', label: '极光绿' },
  { color: '#722ed1', label: '酱紫' },
  { color: '#eb2f96', label: '法式洋红' },
  { color: '#fa541c', label: '火山橙' },
  { color: '#f5222d', label: '薄暮红' },
] as const;

export const SETTINGS_STORAGE_KEY = 'console-settings';

export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const defaultSettings: Settings = {
  theme: DEFAULT_THEME,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
};

interface SettingsState extends Settings {
  change: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  reset: () => void;
}

const hexColour = /^#[0-9a-f]{6}$/i;

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      change: (key, value) => {
        // A malformed colour would break every antd token derived from it.
        if (key === 'theme' && !hexColour.test(String(value))) return;
        set({ [key]: value } as Partial<Settings>);
      },
      reset: () => set(defaultSettings),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, showSettings, tagsView, fixedHeader, sidebarLogo }) => ({
        theme,
        showSettings,
        tagsView,
        fixedHeader,
        sidebarLogo,
      }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Settings>;
        const theme = typeof stored.theme === 'string' && hexColour.test(stored.theme) ? stored.theme : current.theme;
        return { ...current, ...stored, theme };
      },
    },
  ),
);
