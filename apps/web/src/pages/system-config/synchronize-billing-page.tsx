import { ResourceListPage } from '../../components/resource/resource-list-page';
import { billingSyncWeb } from '../../resources/billing-sync';
import { StartSyncCard } from './billing/start-sync-card';
import { SyncFailures } from './billing/sync-failures';

const web = { ...billingSyncWeb, detailExtra: SyncFailures };

/** /systemConfig/synchronizeBilling 同步计费: sync the payment provider's statements for a range, as a job. */
export default function SynchronizeBillingPage() {
  return (
    <>
      <StartSyncCard />
      <ResourceListPage web={web} />
    </>
  );
}
