import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Drawer, Modal } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReturnFocus } from './use-return-focus';

function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus(true);
  return (
    <Modal open title="对话框" onCancel={onClose}>
      <input aria-label="内容" />
    </Modal>
  );
}

function KeptDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  useReturnFocus(open);
  return (
    <Drawer open={open} title="抽屉" onClose={onClose}>
      <input aria-label="抽屉内容" />
    </Drawer>
  );
}

function Screen() {
  const [dialog, setDialog] = useState(false);
  const [drawer, setDrawer] = useState(false);
  return (
    <>
      <button onClick={() => setDialog(true)}>打开对话框</button>
      <button onClick={() => setDrawer(true)}>打开抽屉</button>
      {/* Unmounted on close, as the console's dialogs are. */}
      {dialog && <Dialog onClose={() => setDialog(false)} />}
      <KeptDrawer open={drawer} onClose={() => setDrawer(false)} />
    </>
  );
}

describe('useReturnFocus', () => {
  afterEach(cleanup);

  it('gives the focus back to the opener when a dialog is unmounted on close', async () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: '打开对话框' });
    opener.focus();
    fireEvent.click(opener);
    const input = await screen.findByLabelText('内容');
    input.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives it back when a kept drawer closes', async () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: '打开抽屉' });
    opener.focus();
    fireEvent.click(opener);
    const input = await screen.findByLabelText('抽屉内容');
    input.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
