import { PlusOutlined } from '@ant-design/icons';
import type { AnyResource, Page } from '@console/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Result, Space, Table, type TableProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useSession } from '../../stores/session';
import type { RowAction, WebField, WebResource } from './define-web-resource';
import { type ListAddress, addressSearch } from './list-address';
import { displayValue } from './field-kinds';
import { type ListState, PAGE_SIZES, listSearch, pageBody, parseListState, totalText } from './list-state';
import { ResourceDetailDrawer } from './resource-detail-drawer';
import { ResourceFormDrawer } from './resource-form-drawer';
import './resource.css';
import { SearchBar } from './search-bar';
import { useTablePrefs } from './table-prefs';
import { TableToolbar } from './table-toolbar';

type Row = Record<string, unknown> & { id: string };

// A refused action was already reported by the request client's toast; the list stays as it was.
const ignore = () => undefined;

/**
 * A whole list screen from a web resource: search bar (kept in the address), table with sorting,
 * paging and column/density preferences, permission-gated row and batch actions, and the form and
 * detail drawers.
 */
export function ResourceListPage<R extends AnyResource, E>(props: { web: WebResource<R, E>; address?: ListAddress }) {
  // Inside the machinery a row is any record with an id; the typed view is the resource file's.
  const web = props.web as unknown as WebResource<AnyResource, Row>;
  const { resource } = web;
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const permissions = useSession((state) => state.permissions);
  const allowed = (code: string | null) => !!code && permissions.has(code);
  // Read once: afterwards the list owns its state and writes it back to the address.
  const [state, setState] = useState<ListState>(() =>
    parseListState(props.address?.initial ?? location.search, web.filters, resource.sortable),
  );
  const [prefs, setPrefs] = useTablePrefs(resource.name);
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);

  // replaceState, not navigate: the tab bar keys a tab by its address, and a search must not open a new tab.
  // Runs again whenever the tab is shown, so the address always reflects the visible list.
  useEffect(() => {
    const search = addressSearch(props.address, listSearch(state, web.filters));
    const here = `${window.location.pathname}${window.location.search}`;
    const next = `${location.pathname}${search}`;
    if (here !== next) window.history.replaceState(window.history.state, '', next);
  }, [state, web.filters, location.pathname, props.address]);

  const pageEndpoint = resource.endpoints.page;
  const queryKey = [...resourceQueryKey(resource.name), 'page', state];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api(pageEndpoint!, { body: pageBody(state), signal }) as Promise<Page<Row>>,
    enabled: !!pageEndpoint,
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    setSelected([]);
    return queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource.name) });
  };

  const remove = async (rows: Row[]) => {
    const endpoint = web.endpoints.delete;
    if (!endpoint) return;
    for (const row of rows) await api(endpoint, { query: { id: row.id } });
    void message.success(rows.length > 1 ? `已删除 ${rows.length} 条` : '删除成功');
    // Deleting the last rows of a later page would leave an empty page: step back one.
    const remaining = (query.data?.list.length ?? 0) - rows.length;
    if (remaining <= 0 && state.offset > 1) setState((s) => ({ ...s, offset: s.offset - 1 }));
    await refresh();
  };

  const deleteCode = web.can('delete');
  const FormDrawer = web.formDrawer ?? ResourceFormDrawer;
  const rowActions: RowAction<Row>[] = [
    ...(deleteCode
      ? [
          {
            key: 'delete',
            label: '删除',
            permission: deleteCode,
            danger: true,
            confirm: (row: Row) => `确定删除${resource.title}「${web.rowTitle(row)}」吗？`,
            run: (row: Row) => remove([row]),
          },
        ]
      : []),
    ...web.rowActions,
  ].filter((action) => allowed(action.permission));
  const batchActions = [
    ...(deleteCode
      ? [
          {
            key: 'delete',
            label: '批量删除',
            permission: deleteCode,
            danger: true,
            confirm: (rows: Row[]) => `确定删除选中的 ${rows.length} 条${resource.title}吗？`,
            run: remove,
          },
        ]
      : []),
    ...web.batchActions,
  ].filter((action) => allowed(action.permission));

  const visible = web.columns.filter((column) => !prefs.hidden.includes(column.name));
  const columns = ((): TableProps<Row>['columns'] => {
    const fieldColumns = visible.map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label,
      width: field.width,
      ellipsis: field.kind === 'text' || field.kind === 'textarea',
      sorter: resource.sortable.includes(field.name),
      sortOrder: state.sort?.field === field.name ? state.sort.order : null,
      render: (value: unknown, row: Row) => displayValue(field, value, row),
    }));
    const canView = allowed(web.can('get')) || allowed(web.can('page'));
    const canEdit = allowed(web.can('update'));
    const actionColumn = {
      key: 'actions',
      title: '操作',
      fixed: 'right' as const,
      width: 80 + 56 * (rowActions.length + (canEdit ? 1 : 0)),
      render: (_: unknown, row: Row) => (
        <Space size={4} wrap>
          {canView && (
            <Button type="link" size="small" onClick={() => setViewing(row)}>
              查看
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing({ record: row })}>
              编辑
            </Button>
          )}
          {rowActions.map((action) => {
            if (action.visible && !action.visible(row)) return null;
            const button = (
              <Button key={action.key} type="link" size="small" danger={action.danger}>
                {action.label}
              </Button>
            );
            return action.confirm ? (
              <Popconfirm
                key={action.key}
                title={action.confirm(row)}
                okText="确定"
                cancelText="取消"
                okButtonProps={{ danger: action.danger }}
                onConfirm={() => void action.run(row).then(refresh, ignore)}
              >
                {button}
              </Popconfirm>
            ) : (
              <Button
                key={action.key}
                type="link"
                size="small"
                onClick={() => void action.run(row).then(refresh, ignore)}
              >
                {action.label}
              </Button>
            );
          })}
        </Space>
      ),
    };
    return [...fieldColumns, actionColumn];
  })();

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
    const sort = field && one?.order ? { field, order: one.order } : undefined;
    const size = pagination.pageSize ?? state.size;
    const sortChanged = sort?.field !== state.sort?.field || sort?.order !== state.sort?.order;
    setState((s) => ({
      ...s,
      size,
      sort,
      offset: size !== s.size || sortChanged ? 1 : (pagination.current ?? 1),
    }));
  };

  const batchButtons = batchActions.map((action) => (
    <Button
      key={action.key}
      danger={action.danger}
      disabled={selected.length === 0}
      onClick={() => {
        const rows = selected;
        const run = () => action.run(rows).then(refresh, ignore);
        if (!action.confirm) return void run();
        modal.confirm({
          title: action.confirm(rows),
          okText: '确定',
          cancelText: '取消',
          okButtonProps: { danger: action.danger },
          onOk: run,
        });
      }}
    >
      {action.label}
      {selected.length > 0 ? `（${selected.length}）` : ''}
    </Button>
  ));

  return (
    <div className="resource-page">
      <Card size="small" className="resource-search-card">
        <SearchBar
          filters={web.filters}
          values={state.filters}
          onSearch={(filters) => setState((s) => ({ ...s, filters, offset: 1 }))}
        />
      </Card>
      <Card size="small">
        <TableToolbar
          title={`${resource.title}列表`}
          columns={web.columns as WebField<unknown>[]}
          prefs={prefs}
          onPrefs={setPrefs}
          onReload={() => void refresh()}
          reloading={query.isFetching}
          actions={
            <>
              {allowed(web.can('create')) && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
                  新增{resource.title}
                </Button>
              )}
              {batchButtons}
            </>
          }
        />
        {query.isError && !query.data ? (
          <Result
            status="error"
            title="列表加载失败"
            subTitle={query.error instanceof Error ? query.error.message : undefined}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <Table<Row>
            rowKey="id"
            size={prefs.density}
            columns={columns}
            dataSource={query.data?.list ?? []}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            onChange={onTableChange}
            rowSelection={
              batchActions.length > 0
                ? { selectedRowKeys: selected.map((row) => row.id), onChange: (_keys, rows) => setSelected(rows) }
                : undefined
            }
            pagination={{
              current: state.offset,
              pageSize: state.size,
              total: query.data?.total ?? 0,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (total) => totalText(total, query.data?.totalCapped),
            }}
          />
        )}
      </Card>
      {editing && (
        <FormDrawer
          key={editing.record?.id ?? 'new'}
          web={web}
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ResourceDetailDrawer web={web} record={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
