import type { AnyResource } from '@console/contract';
import type { TableProps } from 'antd';
import { useMemo } from 'react';
import { useAppStore } from '../../stores/app';
import { type ColumnResize, resizeHeader } from './column-resize';
import type { RowAction, WebResource } from './define-web-resource';
import { fieldColumn } from './field-column';
import type { ListState } from './list-state';
import { RowActions } from './row-actions';
import { SHOWN_OPERATIONS, operationsWidth } from './row-operations';
import { type TablePrefs, orderColumns } from './table-prefs';
import type { ListRow } from './use-list-actions';

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
  /** A column dragged or keyed to a new width (px). */
  onWidth: (name: string, px: number) => void;
}

/**
 * The table's columns in the operator's order without the hidden ones, then 操作. Built once per
 * change of those inputs; a data cell is drawn again only when its record changed and the 操作
 * cell is memoised, so ticking a row re-renders no data cell.
 */
export function useListColumns(options: Options): TableProps<ListRow>['columns'] {
  const { web, prefs, sort, rowActions, canView, canEdit, onView, onEdit, onDone, onWidth } = options;
  // 操作 is pinned right on every width, so a row's actions never sit past its other columns; on a
  // phone it holds fewer buttons (the rest under 更多), so the data columns keep room beside it.
  const device = useAppStore((state) => state.device);
  const shown = SHOWN_OPERATIONS[device];
  // Below 992 px the table is a phone's: the declared widths fit it, a desktop's dragged ones would not.
  const resizable = device === 'desktop';
  return useMemo(() => {
    const hidden = new Set(prefs.hidden);
    const fields = orderColumns(web.columns, prefs.order).filter((field) => !hidden.has(field.name));
    const fieldColumns = fields.map((field) => {
      const width = (resizable ? prefs.widths[field.name] : undefined) ?? field.width;
      const resize: ColumnResize = { label: field.label, width, onWidth: (px) => onWidth(field.name, px) };
      return {
        ...fieldColumn(field),
        width,
        sorter: web.resource.sortable.includes(field.name),
        sortOrder: sort?.field === field.name ? sort.order : null,
        ...(resizable ? { onHeaderCell: () => resizeHeader(resize) } : {}),
      };
    });
    const operations = [
      ...(canView ? [{ key: 'view', label: '查看', conditional: false }] : []),
      ...(canEdit ? [{ key: 'edit', label: web.editLabel ?? '编辑', conditional: !!web.editable }] : []),
      ...rowActions.map((action) => ({ key: action.key, label: action.label, conditional: !!action.visible })),
    ];
    const actionWidth = web.actionsWidth ?? operationsWidth(operations, web.rowActionOrder ?? [], shown);
    const actionColumn = {
      key: 'actions',
      title: '操作',
      fixed: 'right' as const,
      width: actionWidth,
      render: (_: unknown, row: ListRow) => (
        <RowActions
          row={row}
          actions={rowActions}
          canView={canView}
          canEdit={canEdit}
          editable={web.editable}
          editLabel={web.editLabel}
          order={web.rowActionOrder}
          shown={shown}
          onView={onView}
          onEdit={onEdit}
          onDone={onDone}
        />
      ),
    };
    return [...fieldColumns, actionColumn];
  }, [
    web,
    prefs.hidden,
    prefs.order,
    prefs.widths,
    resizable,
    sort,
    rowActions,
    canView,
    canEdit,
    onView,
    onEdit,
    onDone,
    onWidth,
    shown,
  ]);
}
