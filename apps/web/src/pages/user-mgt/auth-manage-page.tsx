import { type AppletAuthorization, appletAuthEndpoints, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { appletAuthWeb, providerAppletAuthWeb } from '../../resources/applet-authorization';
import { isPlatformAdmin, useSession } from '../../stores/session';

const AUTHORIZED = 1;
type Call = keyof typeof appletAuthEndpoints;
const codeOf = (call: Call) => permissionOf(appletAuthEndpoints[call].access) ?? `appletAuth.${call}`;

export const revokeQuestion = (row: AppletAuthorization) =>
  `确定取消「${row.appletName}」对平台的授权吗？取消后该小程序的门店服务立即停止，需重新授权才能恢复。`;

/**
 * 商户小程序: merchant mini-programs and their WeChat authorisation, on the platform
 * (/userMgt/authManage, every provider's) and for a provider (/busApplet/busAppletMgt, its own).
 */
export default function AuthManagePage() {
  const { message } = App.useApp();
  const platform = useSession((state) => isPlatformAdmin(state.adminType));
  const base = platform ? appletAuthWeb : providerAppletAuthWeb;
  const web = useMemo(() => {
    // WeChat answers in one to three seconds; the operator sees that it is asking.
    const ask = async (call: Call, row: AppletAuthorization, done: string) => {
      const key = `applet-${row.id}`;
      void message.loading({ key, content: '正在请求微信…', duration: 0 });
      try {
        await api(appletAuthEndpoints[call], { body: { id: row.id, version: row.version } });
        void message.success({ key, content: done });
      } catch (err) {
        message.destroy(key);
        throw err;
      }
    };
    const actions: RowAction<AppletAuthorization>[] = [
      {
        key: 'authorize',
        label: '授权',
        permission: codeOf('authorize'),
        visible: (row) => row.authStatus !== AUTHORIZED,
        confirm: (row) => `确定向微信申请授权「${row.appletName}」（${row.appId}）吗？授权有效期一年。`,
        run: (row) => ask('authorize', row, `「${row.appletName}」已授权`),
      },
      {
        key: 'renew',
        label: '续期',
        permission: codeOf('renew'),
        visible: (row) => row.authStatus === AUTHORIZED,
        confirm: (row) => `确定为「${row.appletName}」续期一年吗？`,
        run: (row) => ask('renew', row, `「${row.appletName}」已续期一年`),
      },
      {
        key: 'revoke',
        label: '取消授权',
        permission: codeOf('revoke'),
        danger: true,
        visible: (row) => row.authStatus === AUTHORIZED,
        confirm: revokeQuestion,
        run: (row) => ask('revoke', row, `已取消「${row.appletName}」的授权`),
      },
    ];
    return { ...base, rowActions: [...base.rowActions, ...actions] };
  }, [message, base]);
  return <ResourceListPage web={web} />;
}
