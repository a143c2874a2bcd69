import { Alert, Button, Modal } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** The warning's headline, e.g. 密码只显示这一次. */
  warning: string;
  /** What follows from it: whom to tell, what stops working. */
  description: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of a secret the server answers once (a generated password, a device key): only
 * 我已记下 closes it, so a stray click outside or Escape cannot lose what is shown inside.
 */
export function ShownOnceModal({ title, warning, description, width, onClose, children }: Props) {
  return (
    <Modal
      open
      title={title}
      width={width}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
    >
      <Alert type="warning" showIcon title={warning} description={description} style={{ marginBottom: 16 }} />
      {children}
    </Modal>
  );
}
