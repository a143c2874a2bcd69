import { type Store, permissionOf, recycleStoreEndpoints, storeEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { recycleStoreWeb } from '../../resources/recycle-store';
import { PurgeStoreDialog } from './purge-store-dialog';

const restoreCode = permissionOf(storeEndpoints.restore.access) ?? 'store.restore';
const purgeCode = permissionOf(recycleStoreEndpoints.purge.access) ?? 'store.purge';

/** What restoring does: a rejected application goes back to the queue, any other store to its former status. */
export const restoreQuestion = (store: Store) =>
  store.rejectReason
    ? `确定恢复「${store.name}」吗？它将作为开店申请重新进入待审核列表。`
    : `确定恢复门店「${store.name}」吗？门店将回到删除前的状态。`;

/** /storeApplication/recycleStore 门店回收站: deleted stores and rejected applications; restore, or delete for good. */
export default function RecycleStorePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [purging, setPurging] = useState<Store | null>(null);

  const web = useMemo(() => {
    const actions: RowAction<Store>[] = [
      {
        key: 'restore',
        label: '恢复',
        permission: restoreCode,
        confirm: restoreQuestion,
        run: (store) =>
          api(storeEndpoints.restore, { body: { id: store.id, version: store.version } }).then(() => {
            void message.success(`已恢复「${store.name}」`);
          }),
      },
      {
        key: 'purge',
        label: '彻底删除',
        permission: purgeCode,
        danger: true,
        // The dialog is the confirmation: the operator types the store's name there.
        run: (store) => Promise.resolve(setPurging(store)),
      },
    ];
    return { ...recycleStoreWeb, rowActions: actions };
  }, [message]);

  return (
    <>
      <ResourceListPage web={web} />
      {purging && (
        <PurgeStoreDialog
          key={purging.id}
          store={purging}
          onClose={() => setPurging(null)}
          onPurged={() => {
            void message.success(`已彻底删除「${purging.name}」`);
            void queryClient.invalidateQueries({ queryKey: resourceQueryKey(recycleStoreWeb.resource.name) });
          }}
        />
      )}
    </>
  );
}
