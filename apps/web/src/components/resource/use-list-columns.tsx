import type { AnyResource } from '@console/contract';
import type { TableProps } from 'antd';
import { useMemo } from 'react';
import { useAppStore } from '../../stores/app';
import type { RowAction, WebResource } from './define-web-resource';
import { displayValue } from './field-kinds';
import type { ListState } from './list-state';
import { type TablePrefs, orderColumns } from './table-prefs';
import { type ListRow, RowActions } from './use-list-actions';

// A column without a declared width is reckoned this wide when the table needs a total (virtual mode).
const ASSUMED_WIDTH = 160;

interface Options {
  web: WebResource<AnyResource, ListRow>;
  prefs: TablePrefs;
  sort: ListState['sort'];
  rowActions: RowAction<ListRow>[];
  canView: boolean;
  canEdit: boolean;
  onView: (row: ListRow) => void;
  onEdit: (row: ListRow) => void;
  onDone: () => unknown;
}

/**
 * The table's columns in the operator's order without the hidden ones, then 操作. Built once per
 * change of those inputs; a data cell is drawn again only when its record changed and the 操作
 * cell is memoised, so ticking a row re-renders no data cell.
 */
export function useListColumns(options: Options): { columns: TableProps<ListRow>['columns']; width: number } {
  const { web, prefs, sort, rowActions, canView, canEdit, onView, onEdit, onDone } = options;
  // On a phone a pinned 操作 column several actions wide would cover every data column; there it
  // scrolls with the rest of the row.
  const pinActions = useAppStore((state) => state.device) === 'desktop';
  return useMemo(() => {
    const hidden = new Set(prefs.hidden);
    const fields = orderColumns(web.columns, prefs.order).filter((field) => !hidden.has(field.name));
    const fieldColumns = fields.map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label,
      width: field.width,
      ellipsis: field.kind === 'text' || field.kind === 'textarea',
      sorter: web.resource.sortable.includes(field.name),
      sortOrder: sort?.field === field.name ? sort.order : null,
      render: (value: unknown, row: ListRow) => displayValue(field, value, row),
      // antd re-renders every cell whenever the table renders (a row ticked, a page loading); a field's
      // cell depends only on its record, so it is drawn again only when the record changed.
      shouldCellUpdate: (record: ListRow, previous: ListRow) => record !== previous,
    }));
    const actionWidth = web.actionsWidth ?? 80 + 56 * (rowActions.length + (canEdit ? 1 : 0));
    const actionColumn = {
      key: 'actions',
      title: '操作',
      fixed: pinActions ? ('right' as const) : undefined,
      width: actionWidth,
      render: (_: unknown, row: ListRow) => (
        <RowActions
          row={row}
          actions={rowActions}
          canView={canView}
          canEdit={canEdit}
          editable={web.editable}
          editLabel={web.editLabel}
          onView={onView}
          onEdit={onEdit}
          onDone={onDone}
        />
      ),
    };
    const width = fields.reduce((sum, field) => sum + (field.width ?? ASSUMED_WIDTH), actionWidth);
    return { columns: [...fieldColumns, actionColumn], width };
  }, [web, prefs.hidden, prefs.order, sort, rowActions, canView, canEdit, onView, onEdit, onDone, pinActions]);
}
