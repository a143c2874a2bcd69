import { type SignInLock, signInLockEndpoints } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { WebResource } from '../../components/resource/define-web-resource';
import type { ListAddress } from '../../components/resource/list-address';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { signInLockWeb } from '../../resources/sign-in-lock';

const from = (row: SignInLock) => (row.sourceKind === 2 ? '已登录过的浏览器' : `IP ${row.ip}`);

/** 登录锁定: who is locked out from where; a platform administrator may lift a lock early. */
export function SignInLocksTab({ address }: { address: ListAddress }) {
  const { message } = App.useApp();
  const web = useMemo(
    () =>
      ({
        ...signInLockWeb,
        rowActions: [
          {
            key: 'unlock',
            label: '解除锁定',
            permission: 'signInLock.unlock',
            danger: true,
            confirm: (row: SignInLock) =>
              `确定解除「${row.loginName}」从${from(row)}的登录锁定吗？其失败次数将清零，可立即再次尝试登录。`,
            run: async (row: SignInLock) => {
              await api(signInLockEndpoints.unlock, { query: { id: row.id } });
              void message.success('已解除锁定');
            },
          },
        ],
      }) satisfies WebResource<typeof signInLockWeb.resource>,
    [message],
  );
  return <ResourceListPage web={web} address={address} />;
}
