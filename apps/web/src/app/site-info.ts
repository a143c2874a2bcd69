/**
 * The platform's display name for titles and the sign-in page. The site-info endpoint (system
 * configuration) supersedes it once available; this is the name the spec's console shows by default.
 */
export const DEFAULT_PLATFORM_NAME = '运营后台';

export function usePlatformName(): string {
  return DEFAULT_PLATFORM_NAME;
}
