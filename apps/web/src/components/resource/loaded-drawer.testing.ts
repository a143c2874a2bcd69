import { screen, waitFor } from '@testing-library/react';

/**
 * The open drawer once its code has loaded: the list's drawers load on first use and show antd's
 * loading skeleton meanwhile (lazy-drawers.tsx), in a dialog that the loaded drawer then replaces.
 */
export function loadedDrawer(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getByRole('dialog');
    if (dialog.querySelector('.ant-drawer-body-skeleton')) throw new Error('抽屉仍在加载');
    return dialog;
  });
}
