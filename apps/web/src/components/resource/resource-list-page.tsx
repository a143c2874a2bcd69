import { PlusOutlined } from '@ant-design/icons';
import { type AnyResource, permissionOf } from '@console/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, type TableProps } from 'antd';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api/request';
import { ErrorResult } from '../error-result';
import { useScreenAddress } from '../use-screen-address';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useSession } from '../../stores/session';
import type { WebField, WebResource } from './define-web-resource';
import { useDetailParam, withDetail } from './detail-param';
import { type ListAddress, addressSearch } from './list-address';
import { ListCard } from './list-card';
import type { ListStats } from './list-stats';
import type { ListSums } from './list-sums';
import { type ListState, listSearch, parseListState, totalText } from './list-state';
import { PageCursors, fetchPage } from './page-cursors';
import { LazyDetailDrawer, LazyFormDrawer } from './lazy-drawers';
import { useLivePresence } from './live-presence';
import './resource.css';
import { ScopeLine } from './scope-line';
import { SearchBar } from './search-bar';
import { useTablePrefs } from './table-prefs';
import { resizableTable } from './column-resize';
import { ExportButton } from './export-button';
import { TableToolbar } from './table-toolbar';
import { BatchButtons, type ListRow, useListActions } from './use-list-actions';
import { useListColumns } from './use-list-columns';
import { RowSelection, selectionColumn } from './row-selection';
import { useListKeys } from './use-list-keys';
import { LazyListKeyHelp } from './lazy-list-key-help';
import { TableScrollCue } from './table-scroll-cue';
import { SavedViewsButton } from './saved-views-button';
import { useSavedViews } from './use-saved-views';
import { useAppStore } from '../../stores/app';
import { zh } from '../../lib/zh-text';
import { LockableButton, useWriteLock } from './write-lock';

// Statistics cards and totals strips are on a few lists only: their code loads with the first list
// that has them, not with the machinery every list loads.
const ListStatCards = lazy(() => import('./list-stats').then((m) => ({ default: m.ListStatCards })));
const ListSumsBar = lazy(() => import('./list-sums').then((m) => ({ default: m.ListSumsBar })));
// 导入 is on the lists of registers that declare an importer, so its code loads with the first of them.
const ImportButton = lazy(() => import('../import/import-button').then((m) => ({ default: m.ImportButton })));

type Row = ListRow;

// A cancelled dialog or a refusal (already toasted by the request client) leaves the list as it was.
const ignoreRefusal = () => undefined;
// One empty page for every render before the first answer, so the table's data keeps its identity.
const noRows: Row[] = [];

/**
 * A whole list screen from a web resource: search bar (kept in the address), table with sorting,
 * paging (keyset past the first page) and the operator's column/order/density settings,
 * permission-gated row and batch actions, and the form and detail drawers.
 */
export function ResourceListPage<R extends AnyResource, E>(props: {
  web: WebResource<R, E>;
  address?: ListAddress;
  /** Statistics cards above the search bar; a click filters the list (list-stats.tsx). */
  stats?: ListStats;
  /** Totals of the filtered rows above the table (list-sums.tsx). */
  sums?: ListSums;
}) {
  // Inside the machinery a row is any record with an id; the typed view is the resource file's.
  const web = props.web as unknown as WebResource<AnyResource, Row>;
  const { resource } = web;
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const permissions = useSession((state) => state.permissions);
  const allowed = useCallback((code: string | null) => !!code && permissions.has(code), [permissions]);
  const lock = useWriteLock();
  // Read once: afterwards the list owns its state and writes it back to the address.
  const [state, setState] = useState<ListState>(() =>
    parseListState(props.address?.initial ?? location.search, web.filters, resource.sortable, web.pageSizes),
  );
  const { prefs, setPrefs, setWidth, reset: resetPrefs } = useTablePrefs(resource.name);
  const [selection] = useState(() => new RowSelection());
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  // The detail drawer's code loads when a record is first viewed; it then stays mounted to animate closed.
  const [viewed, setViewed] = useState(false);
  const [cursors] = useState(() => new PageCursors());
  const views = useSavedViews({
    listKey: resource.name,
    initialSearch: props.address?.initial ?? location.search,
    state,
    prefs,
    setState,
    setPrefs,
    filters: web.filters,
  });

  // Runs again whenever the tab is shown, so the address always reflects the visible list.
  const toAddress = useScreenAddress();
  useEffect(() => {
    const own = withDetail(listSearch(state, web.filters), viewing?.id);
    toAddress(`${location.pathname}${addressSearch(props.address, own)}`);
  }, [toAddress, state, web.filters, location.pathname, props.address, viewing?.id]);

  const pageEndpoint = resource.endpoints.page;
  const query = useQuery({
    queryKey: [...resourceQueryKey(resource.name), 'page', state],
    queryFn: ({ signal }) => fetchPage<Row>(pageEndpoint!, state, cursors, signal),
    enabled: !!pageEndpoint,
    placeholderData: keepPreviousData,
  });
  useLivePresence(resource.name, web.livePresence);
  const refresh = useCallback(() => {
    selection.clear();
    cursors.clear();
    return queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource.name) });
  }, [selection, cursors, queryClient, resource.name]);

  // Read inside the delete, so the delete (and with it every row's actions) keeps one identity.
  const shown = useRef({ rows: 0, offset: 1 });
  const shownRows = query.data?.list.length ?? 0;
  useEffect(() => {
    shown.current = { rows: shownRows, offset: state.offset };
  }, [shownRows, state.offset]);
  const remove = useCallback(
    async (rows: Row[]) => {
      const endpoint = web.endpoints.delete;
      if (!endpoint) return;
      for (const row of rows) await api(endpoint, { query: { id: row.id } });
      void message.success(rows.length > 1 ? `已删除 ${rows.length} 条` : '删除成功');
      // Deleting the last rows of a later page would leave an empty page: step back one.
      if (shown.current.rows - rows.length <= 0 && shown.current.offset > 1) {
        setState((s) => ({ ...s, offset: s.offset - 1 }));
      }
      await refresh();
    },
    [web.endpoints.delete, message, refresh],
  );
  const { rowActions, batchActions } = useListActions(web, allowed, remove);
  const onSearch = useCallback(
    (filters: Record<string, unknown>) => setState((s) => ({ ...s, filters, offset: 1 })),
    [],
  );
  const onPickCard = useCallback(
    (filters: Record<string, unknown>, sort: ListState['sort']) =>
      setState((s) => ({ ...s, filters, sort, offset: 1 })),
    [],
  );
  // A remote select the operator may not read (no permission for its list) would only fail: leave it out.
  const searchFilters = useMemo(
    () => web.filters.filter((f) => !f.reference || allowed(permissionOf(f.reference.page.access))),
    [web.filters, allowed],
  );
  const onView = useCallback((row: Row) => {
    setViewed(true);
    setViewing(row);
  }, []);
  // `?detail=<id>` in the list's first address opens that record's drawer (./detail-param.ts).
  useDetailParam(web, props.address?.initial ?? location.search, query.data?.list, onView);
  const onEdit = useCallback((row: Row) => setEditing({ record: row }), []);
  const canView = allowed(web.can('get')) || allowed(web.can('page'));
  const columns = useListColumns({
    web,
    prefs,
    sort: state.sort,
    rowActions,
    canView,
    canEdit: allowed(web.can('update')),
    onView,
    onEdit,
    onDone: refresh,
    onWidth: setWidth,
  });

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
    const sort = field && one?.order ? { field, order: one.order } : undefined;
    const size = pagination.pageSize ?? state.size;
    const sortChanged = sort?.field !== state.sort?.field || sort?.order !== state.sort?.order;
    setState((s) => ({
      ...s,
      size,
      // The same sort keeps its object, so the columns (and every cell) are not rebuilt by a page change.
      sort: sortChanged ? sort : s.sort,
      offset: size !== s.size || sortChanged ? 1 : (pagination.current ?? 1),
    }));
  };

  const list = query.data?.list;
  useEffect(() => selection.show(list ?? []), [selection, list]);
  const selectable = batchActions.length > 0;
  const tableColumns = useMemo(
    () => (selectable ? [selectionColumn(selection), ...(columns ?? [])] : columns),
    [selectable, selection, columns],
  );
  const narrow = useAppStore((app) => app.device) === 'mobile';
  const ToolbarExtra = web.toolbarExtra;
  const agentFilter =
    typeof state.filters.agentId === 'string' && state.filters.agentId !== '' ? state.filters.agentId : null;
  const scopeNote = (
    <ScopeLine
      tenant={resource.tenant === 'agent'}
      agentFilter={
        agentFilter ? { id: agentFilter, source: web.filters.find((f) => f.name === 'agentId')?.reference } : undefined
      }
    />
  );
  const onPage = useCallback((offset: number) => setState((s) => ({ ...s, offset })), []);
  const { setRoot, onRow, help, openHelp } = useListKeys({
    rows: list ?? noRows,
    page: { offset: state.offset, size: state.size, total: query.data?.total ?? 0 },
    onPage,
    selection,
    selectable,
    canView,
    onView,
    actions: rowActions,
    onDone: refresh,
    searchable: searchFilters.length > 0,
  });

  return (
    <div className="resource-page" ref={setRoot}>
      {props.stats && (
        <Suspense fallback={null}>
          <ListStatCards stats={props.stats} resource={resource.name} state={state} onPick={onPickCard} />
        </Suspense>
      )}
      <ListCard className="resource-search-card">
        <div className="resource-search-row">
          <SearchBar filters={searchFilters} values={state.filters} onSearch={onSearch} />
          <SavedViewsButton control={views} />
        </div>
      </ListCard>
      {props.sums && (
        <Suspense fallback={null}>
          <ListSumsBar sums={props.sums} resource={resource.name} filters={state.filters} />
        </Suspense>
      )}
      <ListCard>
        <TableToolbar
          title={zh(resource.title, '列表')}
          note={scopeNote}
          columns={web.columns as WebField<unknown>[]}
          prefs={prefs}
          onPrefs={setPrefs}
          onResetPrefs={resetPrefs}
          onReload={() => void refresh()}
          reloading={query.isFetching}
          onKeys={narrow ? undefined : openHelp}
          actions={
            <>
              {allowed(web.can('create')) && (
                <LockableButton
                  locked={lock(web.can('create'))}
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ record: null })}
                >
                  {zh('新增', resource.title)}
                </LockableButton>
              )}
              {web.toolbarActions
                .filter((action) => allowed(action.permission))
                .map((action) => (
                  <LockableButton
                    key={action.key}
                    locked={lock(action.permission)}
                    onClick={() => void action.run().then(refresh, ignoreRefusal)}
                  >
                    {action.label}
                  </LockableButton>
                ))}
              <BatchButtons actions={batchActions} selection={selection} onDone={refresh} />
              {web.importer &&
                allowed(web.importer.permission) &&
                (lock(web.importer.permission) ? (
                  <LockableButton locked={lock(web.importer.permission)}>导入</LockableButton>
                ) : (
                  <Suspense fallback={<Button loading>导入</Button>}>
                    <ImportButton spec={web.importer} onImported={() => void refresh()} />
                  </Suspense>
                ))}
              <ExportButton resource={resource} state={state} />
              {ToolbarExtra && <ToolbarExtra onDone={() => void refresh()} />}
            </>
          }
        />
        {query.isError && !query.data ? (
          <ErrorResult
            title="列表加载失败"
            subTitle={query.error instanceof Error ? query.error.message : undefined}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <TableScrollCue active={narrow} rows={list} columns={tableColumns}>
            <Table<Row>
              onRow={onRow}
              rowKey="id"
              size={prefs.density}
              columns={tableColumns}
              components={resizableTable}
              dataSource={list ?? noRows}
              loading={query.isFetching}
              scroll={{ x: 'max-content' }}
              onChange={onTableChange}
              pagination={{
                current: state.offset,
                pageSize: state.size,
                total: query.data?.total ?? 0,
                pageSizeOptions: web.pageSizes.map(String),
                showSizeChanger: true,
                showTotal: (total) => totalText(total, query.data?.totalCapped),
              }}
            />
          </TableScrollCue>
        )}
      </ListCard>
      {editing && (
        <LazyFormDrawer
          key={editing.record?.id ?? 'new'}
          custom={web.formDrawer}
          web={web}
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <LazyListKeyHelp {...help} actions={rowActions} />
      {viewed && <LazyDetailDrawer web={web} record={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
