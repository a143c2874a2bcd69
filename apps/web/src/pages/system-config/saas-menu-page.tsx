import { PlusOutlined } from '@ant-design/icons';
import { type MenuScope, menuScopeLabels, saasMenuEndpoints, saasMenuResource } from '@console/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Segmented, Space, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorResult } from '../../components/error-result';
import { LockableButton, useWriteLock } from '../../components/resource/write-lock';
import { api } from '../../lib/api/request';
import { useScreenAddress } from '../../components/use-screen-address';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useAppStore } from '../../stores/app';
import { useSession } from '../../stores/session';
import { type MenuEditTarget, SaasMenuDrawer } from './saas-menu-drawer';
import { menuColumns } from './saas-menu-columns';
import { branchIds, buildMenuRows, filterMenuRows } from './saas-menu-tree';
import '../../components/resource/resource.css';

const scopes: MenuScope[] = ['platform', 'agent'];
// The whole catalogue of a scope is a few hundred rows: one page holds it (the contract caps a page at 500).
const CATALOGUE_PAGE = 500;

function scopeFrom(search: string): MenuScope {
  return new URLSearchParams(search).get('scope') === 'agent' ? 'agent' : 'platform';
}

/**
 * /systemConfig/saasMenu 菜单管理: the menu catalogue of each scope as a tree table. The catalogue
 * itself is declared in code and added to the database missing-only at start, so built-in
 * entries are edited here in presentation (title, icon, order, hidden) and never deleted.
 */
export default function SaasMenuPage() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const permissions = useSession((state) => state.permissions);
  const lock = useWriteLock();
  const device = useAppStore((state) => state.device);
  const [scope, setScope] = useState<MenuScope>(() => scopeFrom(location.search));
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<MenuEditTarget | null>(null);

  const toAddress = useScreenAddress();
  useEffect(() => {
    toAddress(scope === 'agent' ? `${location.pathname}?scope=agent` : location.pathname);
  }, [toAddress, scope, location.pathname]);

  const queryKey = [...resourceQueryKey(saasMenuResource.name), 'catalogue', scope];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api(saasMenuResource.endpoints.page!, { body: { offset: 1, size: CATALOGUE_PAGE, scope }, signal }),
    placeholderData: keepPreviousData,
  });
  const tree = useMemo(() => buildMenuRows(query.data?.list ?? []), [query.data]);
  const shown = useMemo(() => filterMenuRows(tree, search), [tree, search]);
  // Untouched, the top level is open; while searching, every match is open.
  const expandedKeys = search.trim() ? branchIds(shown) : (expanded ?? tree.map((row) => row.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceQueryKey(saasMenuResource.name) });

  const remove = async (id: string) => {
    await api(saasMenuEndpoints.delete, { query: { id } });
    void message.success('删除成功');
    await refresh();
  };

  const columns = menuColumns({
    pinActions: device === 'desktop',
    can: (action) => permissions.has(`${saasMenuResource.name}.${action}`),
    onEdit: (record) => setEditing({ record }),
    onAddChild: (parent) => setEditing({ scope, parentId: parent.id, parentKind: parent.kind }),
    onDelete: (record) => remove(record.id),
  });

  return (
    <div className="resource-page">
      <Card size="small">
        <div className="resource-toolbar">
          <Space wrap>
            <Segmented<MenuScope>
              value={scope}
              onChange={(next) => {
                setScope(next);
                setExpanded(null);
              }}
              options={scopes.map((value) => ({ value, label: menuScopeLabels[value] }))}
            />
            <Input.Search
              allowClear
              placeholder="标题、路由名、权限码或路径"
              aria-label="搜索菜单"
              onChange={(event) => setSearch(event.target.value)}
              style={{ width: 240 }}
            />
          </Space>
          <Space wrap>
            <Button onClick={() => setExpanded(branchIds(tree))}>展开全部</Button>
            <Button onClick={() => setExpanded([])}>收起全部</Button>
            <Button onClick={() => void refresh()} loading={query.isFetching}>
              刷新
            </Button>
            {permissions.has(`${saasMenuResource.name}.create`) && (
              <LockableButton
                locked={lock(`${saasMenuResource.name}.create`)}
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ scope, parentId: null })}
              >
                新增菜单
              </LockableButton>
            )}
          </Space>
        </div>
        {query.isError && !query.data ? (
          <ErrorResult
            title="菜单加载失败"
            subTitle={query.error instanceof Error ? query.error.message : undefined}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          // Not a ResourceTable: a tree (rows nest as children, opened and closed here), each cell built from the whole row.
          <Table
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={shown}
            loading={query.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{
              expandedRowKeys: expandedKeys,
              onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
            }}
          />
        )}
      </Card>
      {editing && (
        <SaasMenuDrawer
          key={'record' in editing ? editing.record.id : `new-${editing.parentId ?? 'top'}`}
          target={editing}
          tree={tree}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
