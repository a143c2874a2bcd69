import { errors, systemConfigEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api/request';

/** The name shown until system configuration answers (or when it cannot). */
export const DEFAULT_PLATFORM_NAME = '运营后台';

// Public facts about the site: a failure here must never toast on the sign-in page; the
// console simply keeps its default name.
const quiet = [
  errors.internal.code,
  errors.unavailable.code,
  errors.endpointNotFound.code,
  errors.rateLimited.code,
  errors.recordNotFound.code,
];

/** The platform's public site information (system configuration `site`), shared by every caller. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['siteInfo'],
    queryFn: async () => {
      const envelope = await callEndpoint(systemConfigEndpoints.site, { quietCodes: quiet });
      return envelope.errCode === 0 ? envelope.data : null;
    },
    staleTime: 5 * 60_000,
  }).data;
}

/** The platform name for titles and the sign-in page. */
export function usePlatformName(): string {
  return useSiteInfo()?.platformName || DEFAULT_PLATFORM_NAME;
}
