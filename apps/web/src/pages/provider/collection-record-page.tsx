import { collectionResource, financeTotalsEndpoints } from '@console/contract';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { useScreenMount } from '../../components/resource/screen-mount';
import { collectionRecordWeb } from '../../resources/collection-record';
import { financeSums } from './finance-sums';

const sums = financeSums(financeTotalsEndpoints.collection, Object.keys(collectionResource.filters), [
  { field: 'count', label: '收款笔数' },
  { field: 'amount', label: '收款总金额', money: true, tone: 'success' },
]);

/** 收款记录: money the provider (or 直营) received, with the count and amount over the list's filter. */
export default function CollectionRecordPage() {
  const mount = useScreenMount();
  return <ResourceListPage web={collectionRecordWeb[mount]} stats={sums[mount]} />;
}
