import { systemConfigEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api/request';
import { usePlatformName } from '../../components/site-info';
import { quietExceptSignOut } from '../quiet-codes';

export type SiteInfo = NonNullable<ReturnType<typeof useSiteInfo>>;

/** The platform's public contact facts (system configuration): name, phone, e-mail, QR, help site. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['siteInfo'],
    queryFn: async () => {
      const envelope = await callEndpoint(systemConfigEndpoints.site, { quietCodes: quietExceptSignOut });
      return envelope.errCode === 0 ? envelope.data : null;
    },
    staleTime: 5 * 60_000,
  }).data;
}

/** The platform's name from system configuration, or the console's default until it loads. */
export function usePlatformTitle(): string {
  const fallback = usePlatformName();
  return useSiteInfo()?.platformName || fallback;
}
