import { STORE_APPLICATION_RESOURCE, pendingStoreApplicationsEndpoint } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { quietExceptSignOut } from '../quiet-codes';
import { useAppStore } from '../../stores/app';
import { isPlatformAdmin, useSession } from '../../stores/session';

const REFRESH_MS = 60_000;

/**
 * The store-application badge (spec: POST /saasRole/getPendingApplication, errCode 0 → the count).
 * Only platform admins who may review applications ask; any other answer leaves the badge hidden.
 * Keyed under the application queue's resource: the server announces every new application,
 * approval and rejection as a change of it, and the live channel's invalidation refetches the
 * count at once for every signed-in operator (the interval only covers a lost socket).
 */
export function usePendingBadge(): number {
  const allowed = useSession((state) => isPlatformAdmin(state.adminType) && state.permissions.has('storeApplication'));
  const setBadge = useAppStore((state) => state.setSidebarBadge);
  const { data } = useQuery({
    queryKey: [...resourceQueryKey(STORE_APPLICATION_RESOURCE), 'pendingCount'],
    enabled: allowed,
    refetchInterval: REFRESH_MS,
    queryFn: async () => {
      // A badge is not worth a toast: the count simply stays hidden when the call fails.
      const envelope = await callEndpoint(pendingStoreApplicationsEndpoint, { quietCodes: quietExceptSignOut });
      return envelope.errCode === 0 && typeof envelope.data === 'number' ? envelope.data : 0;
    },
  });
  const count = allowed ? (data ?? 0) : 0;
  useEffect(() => setBadge(count), [count, setBadge]);
  return count;
}
