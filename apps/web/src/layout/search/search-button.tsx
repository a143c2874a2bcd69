import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useSession } from '../../stores/session';

// Its own chunk: the palette's code (and its results' code) loads on the first Ctrl+K, not with every screen.
const CommandPalette = lazy(() => import('./command-palette'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The navbar's 搜索 button and the Ctrl+K / ⌘K shortcut that open the command palette. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const account = useSession((state) => state.userInfo?.id ?? state.name);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title={`搜索（${isMac ? '⌘K' : 'Ctrl+K'}）`}>
        <Button
          type="text"
          className="console-navbar-button"
          aria-label="搜索"
          aria-keyshortcuts="Control+K Meta+K"
          icon={<SearchOutlined />}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} account={account} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
