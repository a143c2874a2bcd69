import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, SETTINGS_STORAGE_KEY, useSettingsStore } from './settings';

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.getState().reset();
  });

  it('defaults to the tags view and settings panel on and #1890ff', () => {
    const state = useSettingsStore.getState();
    expect(state.theme).toBe('#1890ff');
    expect(state.tagsView).toBe(true);
    expect(state.showSettings).toBe(true);
  });

  it('persists changes in local storage and restores them', async () => {
    useSettingsStore.getState().change('theme', '#722ed1');
    useSettingsStore.getState().change('tagsView', false);
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as { state: object };
    expect(stored.state).toMatchObject({ theme: '#722ed1', tagsView: false });
    const saved = localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '';
    useSettingsStore.setState(defaultSettings);
    localStorage.setItem(SETTINGS_STORAGE_KEY, saved);
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({ theme: '#722ed1', tagsView: false });
  });

  it('refuses a malformed colour, stored or set', async () => {
    useSettingsStore.getState().change('theme', 'red;}');
    expect(useSettingsStore.getState().theme).toBe('#1890ff');
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { theme: 'url(x)' }, version: 0 }));
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().theme).toBe('#1890ff');
  });
});
