import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Tooltip } from 'antd';
import { memo } from 'react';
import { ConfirmButton } from './confirm-button';
import { type Confirmation, confirmationParts } from './confirmation';
import type { RowAction } from './define-web-resource';
import { type RowOperation, SHOWN_OPERATIONS, orderOperations, splitOperations } from './row-operations';
import type { ListRow } from './use-list-actions';
import { LockedButton, useWriteLock } from './write-lock';

// A refused action was already reported by the request client's toast; the list stays as it was.
const ignore = () => undefined;

interface RowActionsProps {
  row: ListRow;
  actions: RowAction<ListRow>[];
  canView: boolean;
  canEdit: boolean;
  /** Rows 编辑 is offered for (default all) and its name (default 编辑). */
  editable?: (row: ListRow) => boolean;
  editLabel?: string;
  /** The resource's most used operations by key, shown first (row-operations.ts). */
  order?: readonly string[];
  /** Buttons shown before the rest go under 更多 (default a desktop's three). */
  shown?: number;
  onView: (row: ListRow) => void;
  onEdit: (row: ListRow) => void;
  /** After an action succeeded: reload the list. */
  onDone: () => unknown;
}

/** The operations this row offers: 查看, 编辑, then the resource's that apply to it. */
function rowOperations(props: RowActionsProps, lock: ReturnType<typeof useWriteLock>): RowOperation[] {
  const { row, actions, canView, canEdit, editable, editLabel = '编辑', onView, onEdit, onDone } = props;
  const operations: RowOperation[] = [];
  if (canView) operations.push({ key: 'view', label: '查看', run: () => onView(row) });
  if (canEdit && (!editable || editable(row)))
    operations.push({ key: 'edit', label: editLabel, locked: lock(null), run: () => onEdit(row) });
  for (const action of actions) {
    if (action.visible && !action.visible(row)) continue;
    operations.push({
      key: action.key,
      label: action.label,
      danger: action.danger,
      question: action.confirm?.(row),
      hotkey: action.hotkey,
      locked: action.reads ? undefined : lock(action.permission),
      run: () => action.run(row).then(onDone, ignore),
    });
  }
  return operations;
}

type Modals = ReturnType<typeof App.useApp>['modal'];

/** Runs an operation, first asking its question in a modal when it has one (更多's items, a row action's key). */
export function askThenRun(modal: Modals, op: Pick<RowOperation, 'question' | 'danger' | 'run'>) {
  if (!op.question) return void op.run();
  const { title, description } = confirmationParts(op.question);
  modal.confirm({
    title,
    content: description,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { danger: op.danger },
    onOk: op.run,
  });
}

/** A confirmation as ConfirmButton's props: the question and, under it, what follows. */
function confirmButtonText(confirmation: Confirmation) {
  const { title, description } = confirmationParts(confirmation);
  return { question: title, description };
}

/**
 * The 操作 cell of one row: at most a few buttons on one line, the rest under 更多. Memoised, so
 * a row re-renders only when its record or the actions change.
 */
export const RowActions = memo(function RowActions(props: RowActionsProps) {
  const { modal } = App.useApp();
  const lock = useWriteLock();
  const ordered = orderOperations(rowOperations(props, lock), props.order);
  const { shown, more } = splitOperations(ordered, props.shown ?? SHOWN_OPERATIONS.desktop);
  const start = (op: RowOperation) => askThenRun(modal, op);
  return (
    <Space size={4} className="resource-row-actions">
      {shown.map((op) =>
        op.locked ? (
          <LockedButton key={op.key} locked={op.locked} type="link" size="small" danger={op.danger}>
            {op.label}
          </LockedButton>
        ) : op.question ? (
          <ConfirmButton
            key={op.key}
            label={op.label}
            danger={op.danger}
            {...confirmButtonText(op.question)}
            shortcut={op.hotkey}
            onConfirm={() => void op.run()}
          />
        ) : (
          <Button
            key={op.key}
            type="link"
            size="small"
            danger={op.danger}
            aria-keyshortcuts={op.hotkey}
            onClick={() => void op.run()}
          >
            {op.label}
          </Button>
        ),
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((op) => ({
              key: op.key,
              label: op.locked ? <Tooltip title={op.locked}>{op.label}</Tooltip> : op.label,
              danger: op.danger,
              disabled: !!op.locked,
            })),
            onClick: ({ key }) => {
              const op = more.find((candidate) => candidate.key === key);
              if (op && !op.locked) start(op);
            },
          }}
        >
          <Button type="link" size="small" aria-label="更多">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
});
