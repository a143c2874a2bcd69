import Cookies from 'js-cookie';
import { create } from 'zustand';

/** Below this width the console uses the mobile layout (spec section 9). */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

export type Device = 'desktop' | 'mobile';
/** The sizes the size select offers; the cookie keeps these names, antd calls medium "middle". */
export const uiSizes = ['large', 'medium', 'small'] as const;
export type UiSize = (typeof uiSizes)[number];
export const uiSizeLabels: Record<UiSize, string> = { large: '大号', medium: '默认', small: '紧凑' };

// Remembered across browser restarts; never needed on a cross-site request.
const cookieOptions: Cookies.CookieAttributes = { expires: 365, sameSite: 'strict', path: '/' };

export function antdSize(size: UiSize): 'large' | 'middle' | 'small' {
  return size === 'medium' ? 'middle' : size;
}

function readSize(): UiSize {
  const stored = Cookies.get(SIZE_COOKIE);
  return (uiSizes as readonly string[]).includes(stored ?? '') ? (stored as UiSize) : 'medium';
}

/** A missing cookie means opened: a first visit sees the full sidebar. */
function readSidebarOpened(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function deviceForWidth(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: UiSize;
  /** Pending store applications shown on the store-application menu; 0 hides the badge. */
  sidebarBadge: number;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation?: boolean) => void;
  openSidebar: () => void;
  setDevice: (device: Device) => void;
  setSize: (size: UiSize) => void;
  setSidebarBadge: (count: number) => void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: readSidebarOpened(), withoutAnimation: false },
  device: typeof window === 'undefined' ? 'desktop' : deviceForWidth(window.innerWidth),
  size: readSize(),
  sidebarBadge: 0,
  toggleSidebar: () => {
    const opened = !get().sidebar.opened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', cookieOptions);
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSidebar: (withoutAnimation = false) => {
    Cookies.set(SIDEBAR_COOKIE, '0', cookieOptions);
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  openSidebar: () => {
    Cookies.set(SIDEBAR_COOKIE, '1', cookieOptions);
    set({ sidebar: { opened: true, withoutAnimation: false } });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size, cookieOptions);
    set({ size });
  },
  setSidebarBadge: (count) => set({ sidebarBadge: Math.max(0, Math.trunc(count)) }),
}));
