import { type HardwareProduct, hardwareProductResource, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { hardwareProductWeb } from '../../resources/order-registers';

const update = hardwareProductResource.endpoints.update!;
const updateCode = permissionOf(update.access) ?? 'hardwareProduct.update';

/** /orderManagement/hardwareSetup 硬件设置: the products orders are priced from, put on or taken off sale in one click. */
export default function HardwareSetupPage() {
  const { message } = App.useApp();
  const web = useMemo(() => {
    const toggle = (status: 0 | 1, label: string): RowAction<HardwareProduct> => ({
      key: status ? 'onSale' : 'offSale',
      label,
      permission: updateCode,
      visible: (p) => p.status !== status,
      confirm: (p) =>
        status ? `确定上架「${p.name}」吗？服务商下单时即可选择。` : `确定下架「${p.name}」吗？新订单将不能再选择它。`,
      run: (p) =>
        api(update, { body: { id: p.id, version: p.version, status } }).then(() => {
          void message.success(`已${label}「${p.name}」`);
        }),
    });
    return { ...hardwareProductWeb, rowActions: [toggle(1, '上架'), toggle(0, '下架')] };
  }, [message]);
  return <ResourceListPage web={web} />;
}
