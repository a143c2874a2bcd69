import {
  type OfficialAccount,
  customMenuEndpoints,
  permissionOf,
  syncOfficialAccountEndpoint,
} from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { officialAccountWeb } from '../../resources/official-account';

const syncCode = permissionOf(syncOfficialAccountEndpoint.access) ?? 'officialAccount.sync';
const menuCode = permissionOf(customMenuEndpoints.get.access) ?? 'customMenu.get';

/** /userMgt/officialAccounts 公众号管理: official accounts, their sync from WeChat and a way to their menu. */
export default function OfficialAccountsPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const web = useMemo(() => {
    const actions: RowAction<OfficialAccount>[] = [
      {
        key: 'sync',
        label: '同步',
        permission: syncCode,
        run: async (row) => {
          const key = `sync-${row.id}`;
          void message.loading({ key, content: '正在从微信同步粉丝与菜单…', duration: 0 });
          try {
            const synced = await api(syncOfficialAccountEndpoint, { query: { id: row.id } });
            const menu = synced.liveButtons ? `线上菜单 ${synced.liveButtons.length} 个一级菜单` : '微信端暂无菜单';
            void message.success({
              key,
              content: `已同步「${row.name}」：粉丝 ${synced.followerCount.toLocaleString('zh-CN')}，${menu}`,
            });
          } catch (err) {
            message.destroy(key);
            throw err;
          }
        },
      },
      {
        key: 'menu',
        label: '自定义菜单',
        permission: menuCode,
        run: (row) => Promise.resolve(void navigate(`/customMenu/customMenu?officialAccountId=${row.id}`)),
      },
    ];
    return { ...officialAccountWeb, rowActions: [...officialAccountWeb.rowActions, ...actions] };
  }, [message, navigate]);
  return <ResourceListPage web={web} />;
}
