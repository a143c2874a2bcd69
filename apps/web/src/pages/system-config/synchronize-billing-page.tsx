import { ResourceListPage } from '../../components/resource/resource-list-page';
import { type ResourceTab, ResourceTabs } from '../../components/resource/resource-tabs';
import { billingRecordWeb, billingSyncWeb } from '../../resources/billing-sync';
import { StartSyncCard } from './billing/start-sync-card';
import { SyncFailures } from './billing/sync-failures';

const web = { ...billingSyncWeb, detailExtra: SyncFailures };

const tabs: readonly ResourceTab[] = [
  {
    key: 'jobs',
    label: '同步任务',
    permission: 'billingSync.page',
    render: (address) => <ResourceListPage web={web} address={address} />,
  },
  {
    key: 'records',
    label: '账单记录',
    permission: 'billingRecord.page',
    render: (address) => <ResourceListPage web={billingRecordWeb} address={address} />,
  },
];

/**
 * /systemConfig/synchronizeBilling 同步计费: sync the payment provider's statements for a range, as
 * a job; the jobs' history, and the billing records they wrote.
 */
export default function SynchronizeBillingPage() {
  return (
    <>
      <StartSyncCard />
      <ResourceTabs tabs={tabs} />
    </>
  );
}
