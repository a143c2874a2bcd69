import type { DeviceCredential, DeviceKind } from '@console/contract';
import { type ReactNode, useMemo } from 'react';
import { useDialogTarget } from '../resource/action-dialog';
import type { RowAction } from '../resource/define-web-resource';
import { DeviceCredentialDialog } from './credential-dialog';

/** How one screen resets a device's key; declare it once per screen family, outside render. */
export interface CredentialActionSpec<Row> {
  kind: DeviceKind;
  /** The reset endpoint's permission: without it the action is not offered. */
  permission: string;
  /** The device as the confirmation and the dialog name it, e.g. 网关「GW0001」. */
  name: (row: Row) => string;
  /** Rows a key can be issued for (not a banned device: the broker has disabled its client). */
  visible?: (row: Row) => boolean;
  reset: (row: Row) => Promise<DeviceCredential>;
}

interface Issued {
  name: string;
  credential: DeviceCredential;
}

/**
 * 设备密钥, the same row action on every device screen: it asks first (the old key stops working
 * at once), resets, and shows the new key in `element` until the operator closes it. The key is
 * held only as this dialog's target, never in a store or the query cache, so once closed it is
 * gone and the next click asks and resets again.
 */
export function useCredentialAction<Row>(spec: CredentialActionSpec<Row>): {
  action: RowAction<Row>;
  element: ReactNode;
} {
  const dialog = useDialogTarget<Issued>();
  const open = dialog.open;
  const action = useMemo(
    (): RowAction<Row> => ({
      key: 'credential',
      label: '设备密钥',
      permission: spec.permission,
      danger: true,
      visible: spec.visible,
      confirm: (row) =>
        `确定重置${spec.name(row)}的设备密钥吗？重置后设备原密钥立即失效，设备需使用新密钥重新连接；新密钥只显示这一次。`,
      run: async (row) => open({ name: spec.name(row), credential: await spec.reset(row) }),
    }),
    [spec, open],
  );
  const issued = dialog.target;
  const element = issued && (
    <DeviceCredentialDialog kind={spec.kind} name={issued.name} credential={issued.credential} onClose={dialog.done} />
  );
  return { action, element };
}
