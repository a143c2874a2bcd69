import { type AgentStaff, agentStaffEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin, Typography } from 'antd';
import { grantedTree } from '../../components/menu-tree/menu-grants';
import { MenuTreeView } from '../../components/menu-tree/menu-tree-picker';
import { api } from '../../lib/api/request';
import { staffCatalogueKey } from './staff-form-drawer';

/** Below an operator's detail: what they may see and do, i.e. their grant within the provider's menu. */
export function StaffGrantDetail({ record }: { record: AgentStaff }) {
  const detail = useQuery({
    queryKey: ['agentStaff', 'detail', record.id],
    queryFn: ({ signal }) => api(agentStaffEndpoints.get, { query: { id: record.id }, signal }),
    staleTime: 0,
  });
  const catalogue = useQuery({
    queryKey: staffCatalogueKey,
    queryFn: ({ signal }) => api(agentStaffEndpoints.getMenu, { signal }),
    staleTime: 60_000,
  });
  const failed = detail.isError || catalogue.isError;
  return (
    <section style={{ marginTop: 24 }}>
      <Typography.Title level={5}>菜单权限</Typography.Title>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title="菜单权限加载失败"
          action={
            <Button
              size="small"
              onClick={() => {
                void detail.refetch();
                void catalogue.refetch();
              }}
            >
              重试
            </Button>
          }
        />
      ) : detail.data && catalogue.data ? (
        <MenuTreeView tree={grantedTree(catalogue.data, detail.data.menuIds)} />
      ) : (
        <Spin description="正在加载…" />
      )}
    </section>
  );
}
