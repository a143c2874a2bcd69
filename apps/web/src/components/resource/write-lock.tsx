import { Button, type ButtonProps, type ModalProps, Tooltip } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { selectReadOnly, useViewAs } from '../../stores/view-as';

/** What a locked write button says on hover. */
export const READ_ONLY_TIP = '只读查看中';

/**
 * Permission actions that only read (lists, details, viewing a grant): never locked. An export is
 * not one of them: it creates an export task (a file kept for the operator who asked), which the
 * server refuses in a read-only view like any other write.
 */
const readActions: ReadonlySet<string> = new Set(['page', 'get', 'view']);

export function isReadPermission(code: string): boolean {
  const action = code.slice(code.lastIndexOf('.') + 1);
  return readActions.has(action);
}

/**
 * Why a button gated by `permission` is locked now, or undefined: the one check every write
 * button of the machinery (新增, 编辑, row, batch and toolbar actions, imports) makes, so a
 * read-only 以服务商身份查看 tab disables them all with the same tooltip. The server refuses the
 * writes anyway (403110); this keeps the operator from trying.
 */
export function useWriteLock(): (permission: string | null | undefined) => string | undefined {
  const readOnly = useViewAs(selectReadOnly);
  return useCallback(
    (permission) => (readOnly && !(permission && isReadPermission(permission)) ? READ_ONLY_TIP : undefined),
    [readOnly],
  );
}

/** A disabled button with its reason on hover: a disabled button takes no pointer events, its wrapper does. */
export function LockedButton({ locked, ...props }: ButtonProps & { locked: string }) {
  return (
    <Tooltip title={locked}>
      <span className="write-locked" data-locked={locked}>
        <Button {...props} disabled onClick={undefined} />
      </span>
    </Tooltip>
  );
}

/** A button that is disabled with its reason as a tooltip while `locked` says why. */
export function LockableButton({ locked, ...props }: ButtonProps & { locked: string | undefined }) {
  return locked ? <LockedButton locked={locked} {...props} /> : <Button {...props} />;
}

/**
 * Why a button that always writes (a form's 保存, a dialog's 确定, an upload) is locked now, or
 * undefined: it has no permission to look at, since whatever it is gated by, it sends a write.
 */
export function useWriteLocked(): string | undefined {
  return useWriteLock()(null);
}

/**
 * A modal's footer while its 确定 sends a locked write: 取消 as usual, 确定 disabled with the
 * reason on hover. Undefined (antd's own footer) while nothing is locked.
 */
export function lockedModalFooter(
  locked: string | undefined,
  okText: ReactNode,
  danger?: boolean,
): ModalProps['footer'] {
  if (!locked) return undefined;
  return (_footer, { CancelBtn }) => (
    <>
      <CancelBtn />
      <LockedButton locked={locked} type="primary" danger={danger}>
        {okText}
      </LockedButton>
    </>
  );
}
