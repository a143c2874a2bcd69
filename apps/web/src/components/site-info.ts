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

function useSiteInfoQuery() {
  return useQuery({
    queryKey: ['siteInfo'],
    queryFn: async () => {
      const envelope = await callEndpoint(systemConfigEndpoints.site, { quietCodes: quiet });
      return envelope.errCode === 0 ? envelope.data : null;
    },
    staleTime: 5 * 60_000,
  });
}

/** The platform's public site information (system configuration `site`), shared by every caller. */
export function useSiteInfo() {
  return useSiteInfoQuery().data;
}

/** The platform name for page titles and the console (the default until system configuration answers). */
export function usePlatformName(): string {
  return useSiteInfo()?.platformName || DEFAULT_PLATFORM_NAME;
}

/**
 * The platform name once system configuration has answered (the default if it failed), undefined
 * before: the sign-in page's brand waits for it rather than show the default and then change.
 */
export function useAnsweredPlatformName(): string | undefined {
  const query = useSiteInfoQuery();
  return query.isPending ? undefined : query.data?.platformName || DEFAULT_PLATFORM_NAME;
}
