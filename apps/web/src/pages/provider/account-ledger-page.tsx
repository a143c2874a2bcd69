import { accountRecordResource, financeTotalsEndpoints } from '@console/contract';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { useScreenMount } from '../../components/resource/screen-mount';
import { accountLedgerWeb } from '../../resources/account-ledger';
import { DirectAdjustButton } from './direct-adjust-button';
import { financeSums } from './finance-sums';

const sums = financeSums(financeTotalsEndpoints.accountRecord, Object.keys(accountRecordResource.filters), [
  { field: 'balance', label: '当前余额', money: true },
  { field: 'income', label: '收入合计', money: true, tone: 'success' },
  { field: 'expense', label: '支出合计', money: true, tone: 'warning' },
  { field: 'count', label: '流水笔数' },
]);

// 调整余额 is the 直营 mount's only: a provider does not adjust its own balance.
const webOf = {
  provider: accountLedgerWeb.provider,
  direct: { ...accountLedgerWeb.direct, toolbarExtra: DirectAdjustButton },
};

/**
 * 账户流水 / 直营交易记录: the account's ledger with its balance, and income and spending over the
 * list's filter; on the 直营 mount, 调整余额.
 */
export default function AccountLedgerPage() {
  const mount = useScreenMount();
  return <ResourceListPage web={webOf[mount]} stats={sums[mount]} />;
}
