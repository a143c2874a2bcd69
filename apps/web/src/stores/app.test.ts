import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { antdSize, deviceForWidth } from './app';

afterEach(() => {
  Cookies.remove('sidebarStatus');
  Cookies.remove('size');
  vi.resetModules();
});

async function freshStore() {
  vi.resetModules();
  return (await import('./app')).useAppStore;
}

describe('app store', () => {
  it('opens the sidebar by default and keeps its state in the sidebarStatus cookie', async () => {
    const store = await freshStore();
    expect(store.getState().sidebar.opened).toBe(true);
    store.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(store.getState().sidebar.opened).toBe(false);
    const reloaded = await freshStore();
    expect(reloaded.getState().sidebar.opened).toBe(false);
    reloaded.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('defaults the size to medium and keeps the choice in the size cookie', async () => {
    const store = await freshStore();
    expect(store.getState().size).toBe('medium');
    store.getState().setSize('small');
    expect(Cookies.get('size')).toBe('small');
    expect((await freshStore()).getState().size).toBe('small');
    Cookies.set('size', 'enormous');
    expect((await freshStore()).getState().size).toBe('medium');
  });

  it('maps sizes to antd and widths to devices at 992px', () => {
    expect(antdSize('medium')).toBe('middle');
    expect(antdSize('large')).toBe('large');
    expect(deviceForWidth(991)).toBe('mobile');
    expect(deviceForWidth(992)).toBe('desktop');
  });

  it('keeps the sidebar badge a non-negative whole number', async () => {
    const store = await freshStore();
    store.getState().setSidebarBadge(3);
    expect(store.getState().sidebarBadge).toBe(3);
    store.getState().setSidebarBadge(-2);
    expect(store.getState().sidebarBadge).toBe(0);
  });
});
