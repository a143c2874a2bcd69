import {
  type ScreenMount,
  type Store,
  mountedEndpoint,
  permissionOf,
  storeDetailEndpoints,
  storeRenewalEndpoints,
} from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import { DialogCancelled } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { useScreenMount } from '../../components/resource/screen-mount';
import { storeManageWeb } from '../../resources/store-manage';
import { StoreCounts } from '../user-mgt/store-counts';
import { providerStoreCounts } from './mount-paths';
import { useStoreRenewDialog } from './store-renew-dialog';

/** 正常, 停用 and 已过期 stores are renewed; an application waits for the platform first. */
const RENEWABLE = [1, 2, 3];

const countsAt = (mount: ScreenMount) =>
  function StoreDevicesAndPeople({ record }: { record: Store }) {
    return (
      <StoreCounts
        record={record}
        endpoint={mountedEndpoint(storeDetailEndpoints.counts, mount)}
        {...(mount === 'provider' ? { links: providerStoreCounts } : {})}
      />
    );
  };
const detailExtras = { provider: countsAt('provider'), direct: countsAt('direct') };

/**
 * 门店管理 (provider, and 直营): open a store (an application the platform reviews in 开店申请),
 * edit it, renew its web or staff mini-program period from the account balance, and see its
 * devices and people in the detail.
 */
export default function StoreManagementPage() {
  const mount = useScreenMount();
  const { message } = App.useApp();
  const dialog = useStoreRenewDialog(mount);
  const open = dialog.open;
  const web = useMemo(() => {
    const renew: RowAction<Store> = {
      key: 'renew',
      label: '续费',
      permission: permissionOf(mountedEndpoint(storeRenewalEndpoints.renew, mount).access) ?? '',
      visible: (row) => RENEWABLE.includes(row.status),
      run: (row) =>
        open(row).then(
          () => void message.success(`「${row.name}」已续费，费用已记入账户流水`),
          (err: unknown) => {
            if (!(err instanceof DialogCancelled)) throw err;
          },
        ),
    };
    const base = storeManageWeb[mount];
    return { ...base, detailExtra: detailExtras[mount], rowActions: [...base.rowActions, renew] };
  }, [mount, open, message]);
  return (
    <>
      <ResourceListPage web={web} />
      {dialog.element}
    </>
  );
}
