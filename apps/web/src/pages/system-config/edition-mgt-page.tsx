import { type Edition, editionResource, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { editionWeb } from '../../resources/edition';

const updateCode = permissionOf(editionResource.endpoints.update!.access) ?? 'edition.update';
const ON_SALE = 1;

/** /systemConfig/editionMgt 版本管理: editions with their features and order, put on or taken off sale. */
export default function EditionMgtPage() {
  const { message } = App.useApp();
  const web = useMemo(() => {
    const toggle: RowAction<Edition> = {
      key: 'sale',
      label: '上架/下架',
      permission: updateCode,
      confirm: (e) =>
        e.status === ON_SALE
          ? `确定下架「${e.name}」吗？下架后新开门店不能再选择该版本，已购买的门店不受影响。`
          : `确定上架「${e.name}」吗？`,
      run: (e) =>
        api(editionResource.endpoints.update!, {
          body: { id: e.id, version: e.version, status: e.status === ON_SALE ? 0 : 1 },
        }).then(() => void message.success(e.status === ON_SALE ? `已下架「${e.name}」` : `已上架「${e.name}」`)),
    };
    return { ...editionWeb, rowActions: [toggle] };
  }, [message]);
  return <ResourceListPage web={web} />;
}
