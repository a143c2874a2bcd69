import { useEffect, useState } from 'react';

// Where focus is left when an overlay goes: nowhere (the page body), or still in the closing overlay.
const LEFT_IN = '.ant-modal-wrap, .ant-drawer';

/**
 * Gives the focus back to what held it when a dialog or drawer opened (the row, the button), once
 * it closes. antd does so only after a close animation it plays; the console's dialogs are mostly
 * unmounted on close (`{editing && <Drawer/>}`), and a lazy drawer's first opening replaces its
 * loading shell, so that return would find nothing or the shell. Keyboard operators keep their place.
 */
export function useReturnFocus(open: boolean): void {
  // Taken while rendering the opening, before the overlay moves the focus into itself.
  const [opener, setOpener] = useState<{ open: boolean; element: Element | null }>(() => ({
    open,
    element: open ? document.activeElement : null,
  }));
  if (opener.open !== open) setOpener({ open, element: open ? document.activeElement : opener.element });

  const element = opener.element;
  useEffect(() => {
    if (!open || !(element instanceof HTMLElement)) return;
    return () => {
      // After this commit (the overlay removed or closing) and antd's own focus handling.
      setTimeout(() => {
        const now = document.activeElement;
        const lost = !now || now === document.body || now.closest(LEFT_IN) !== null;
        if (lost && element.isConnected && !element.closest(LEFT_IN)?.contains(now))
          element.focus({ preventScroll: true });
      }, 0);
    };
  }, [open, element]);
}
