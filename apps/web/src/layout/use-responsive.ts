import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { deviceForWidth, useAppStore } from '../stores/app';

/**
 * Desktop or mobile by window width (992px): turning mobile closes the sidebar, and on mobile the
 * sidebar drawer closes again after every navigation (spec section 4).
 */
export function useResponsive(): void {
  const { pathname } = useLocation();
  const device = useAppStore((state) => state.device);

  useEffect(() => {
    const apply = (first: boolean) => {
      const next = deviceForWidth(window.innerWidth);
      const app = useAppStore.getState();
      if (next === app.device && !first) return;
      app.setDevice(next);
      // A page opened on a phone starts with the drawer shut, whatever the cookie says.
      if (next === 'mobile' && app.sidebar.opened) app.closeSidebar(true);
    };
    apply(true);
    const onResize = () => apply(false);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const app = useAppStore.getState();
    if (device === 'mobile' && app.sidebar.opened) app.closeSidebar();
  }, [pathname, device]);
}
