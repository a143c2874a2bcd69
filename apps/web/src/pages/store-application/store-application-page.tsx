import { type Store, permissionOf, storeEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ReasonDialog } from '../../components/resource/reason-dialog';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { storeApplicationWeb } from '../../resources/store-application';

const approveCode = permissionOf(storeEndpoints.approve.access) ?? 'store.approve';
const rejectCode = permissionOf(storeEndpoints.reject.access) ?? 'store.reject';

export const approveQuestion = (store: Store) =>
  `确定通过门店「${store.name}」（${store.agentName}）的开店申请吗？通过后门店立即开通，并通知服务商。`;

/** /storeApplication/storeApplication 开店申请: the queue of providers' new stores, approved or rejected with a reason. */
export default function StoreApplicationPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Store | null>(null);

  const web = useMemo(() => {
    const actions: RowAction<Store>[] = [
      {
        key: 'approve',
        label: '通过',
        hotkey: 'a',
        permission: approveCode,
        confirm: approveQuestion,
        run: (store) =>
          api(storeEndpoints.approve, { body: { id: store.id, version: store.version } }).then(() => {
            void message.success(`已通过「${store.name}」的开店申请`);
          }),
      },
      {
        key: 'reject',
        label: '驳回',
        hotkey: 'r',
        permission: rejectCode,
        danger: true,
        // Opening the dialog changes nothing; the decision is confirmed by its own 确定驳回.
        run: (store) => Promise.resolve(setRejecting(store)),
      },
    ];
    return { ...storeApplicationWeb, rowActions: actions };
  }, [message]);

  return (
    <>
      <ResourceListPage web={web} />
      {rejecting && (
        <ReasonDialog
          key={rejecting.id}
          title={`驳回开店申请：${rejecting.name}`}
          description="驳回后门店移入门店回收站，服务商会收到一条系统消息，其中包含驳回原因。"
          onSubmit={(reason) =>
            api(storeEndpoints.reject, { body: { id: rejecting.id, version: rejecting.version, reason } }).then(() => {
              void message.success(`已驳回「${rejecting.name}」的开店申请`);
              return queryClient.invalidateQueries({ queryKey: resourceQueryKey(storeApplicationWeb.resource.name) });
            })
          }
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}
