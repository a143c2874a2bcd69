import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { LockedButton } from './write-lock';

interface Props {
  label: string;
  danger?: boolean;
  /** The question asked before `onConfirm` runs. */
  question: string;
  /** What follows from it, under the question (a delete's consequence). */
  description?: string;
  onConfirm: () => void;
  /** The list key that runs it too (announced to screen readers as aria-keyshortcuts). */
  shortcut?: string;
  /** Why it cannot run now (a read-only 以服务商身份查看 tab): disabled with this on hover. */
  locked?: string;
}

// A consequence is a sentence or three: wrapped, not one line across the table.
const consequenceStyle = { maxWidth: 320 };

/**
 * A row action that asks first, in antd's Popconfirm. Each Popconfirm is a positioned popup trigger
 * (alignment, resize observer, portal); fifty rows of them made every page of a list slower to
 * draw, so a row holds a plain button until its first click, which mounts the Popconfirm already open.
 */
export function ConfirmButton({ label, danger, question, description, onConfirm, shortcut, locked }: Props) {
  const [armed, setArmed] = useState(false);
  if (locked) {
    return (
      <LockedButton locked={locked} type="link" size="small" danger={danger}>
        {label}
      </LockedButton>
    );
  }
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      aria-keyshortcuts={shortcut}
      onClick={armed ? undefined : () => setArmed(true)}
    >
      {label}
    </Button>
  );
  if (!armed) return button;
  return (
    <Popconfirm
      defaultOpen
      title={question}
      description={description && <div style={consequenceStyle}>{description}</div>}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger }}
      onConfirm={onConfirm}
    >
      {button}
    </Popconfirm>
  );
}
