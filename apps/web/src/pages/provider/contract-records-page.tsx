import { contractResource, financeTotalsEndpoints } from '@console/contract';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { useScreenMount } from '../../components/resource/screen-mount';
import { contractRecordWeb } from '../../resources/contract-record';
import { financeSums } from './finance-sums';

const sums = financeSums(financeTotalsEndpoints.contract, Object.keys(contractResource.filters), [
  { field: 'count', label: '合同数' },
  { field: 'amount', label: '合同总金额', money: true },
]);

/** 合同记录: the provider's contracts (or 直营's), with the count and amount over the list's filter. */
export default function ContractRecordsPage() {
  const mount = useScreenMount();
  return <ResourceListPage web={contractRecordWeb[mount]} stats={sums[mount]} />;
}
