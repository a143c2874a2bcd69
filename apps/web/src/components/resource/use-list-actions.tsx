import type { AnyResource } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import { batchDeleteConfirmation, confirmationParts, deleteConfirmation } from './confirmation';
import type { BatchAction, RowAction, WebResource } from './define-web-resource';
import type { ListRow } from './list-row';
import { type RowSelection, useSelectedCount } from './row-selection';
import { LockableButton, useWriteLock } from './write-lock';

export type { ListRow } from './list-row';

// A refused action was already reported by the request client's toast; the list stays as it was.
const ignore = () => undefined;

export interface ListActions {
  rowActions: RowAction<ListRow>[];
  batchActions: BatchAction<ListRow>[];
}

/**
 * The row and batch actions the operator may use: 删除 when the resource deletes, then the web
 * resource's own, each only with its permission. Stable while permissions and the list's delete
 * stay the same, so the table's cells are not rebuilt on every render.
 */
export function useListActions(
  web: WebResource<AnyResource, ListRow>,
  allowed: (code: string | null) => boolean,
  remove: (rows: ListRow[]) => Promise<void>,
): ListActions {
  return useMemo(() => {
    const deleteCode = web.can('delete');
    const rowDelete: RowAction<ListRow> = {
      key: 'delete',
      label: '删除',
      permission: deleteCode ?? '',
      danger: true,
      visible: web.deletable,
      confirm: (row) => deleteConfirmation(web.resource, web.rowTitle(row)),
      run: (row) => remove([row]),
    };
    const batchDelete: BatchAction<ListRow> = {
      key: 'delete',
      label: '批量删除',
      permission: deleteCode ?? '',
      danger: true,
      confirm: (rows) => batchDeleteConfirmation(web.resource, rows.length),
      run: remove,
    };
    return {
      rowActions: [...(deleteCode ? [rowDelete] : []), ...web.rowActions].filter((a) => allowed(a.permission)),
      batchActions: [...(deleteCode ? [batchDelete] : []), ...web.batchActions].filter((a) => allowed(a.permission)),
    };
  }, [web, allowed, remove]);
}

/** The batch buttons above the table: disabled until rows are chosen, confirmed when destructive. */
export function BatchButtons(props: {
  actions: BatchAction<ListRow>[];
  selection: RowSelection;
  onDone: () => unknown;
}) {
  const { modal } = App.useApp();
  const { actions, selection, onDone } = props;
  const count = useSelectedCount(selection);
  const lock = useWriteLock();
  return actions.map((action) => (
    <LockableButton
      key={action.key}
      locked={lock(action.permission)}
      danger={action.danger}
      disabled={count === 0}
      onClick={() => {
        const rows = selection.rows();
        const run = () => action.run(rows).then(onDone, ignore);
        if (!action.confirm) return void run();
        const { title, description } = confirmationParts(action.confirm(rows));
        modal.confirm({
          title,
          content: description,
          okText: '确定',
          cancelText: '取消',
          okButtonProps: { danger: action.danger },
          onOk: run,
        });
      }}
    >
      {action.label}
      {count > 0 ? `（${count}）` : ''}
    </LockableButton>
  ));
}
