/** The pathname part of a tab's full path (`/a/b?x=1` → `/a/b`). */
export function pathnameOf(fullPath: string): string {
  const end = fullPath.search(/[?#]/);
  return end === -1 ? fullPath : fullPath.slice(0, end);
}

export const REDIRECT_PREFIX = '/redirect';

/** `/redirect/<path>` reloads the tab at `<path>` (spec section 2); null for any other path. */
export function redirectTarget(pathname: string, search: string): string | null {
  if (!pathname.startsWith(`${REDIRECT_PREFIX}/`)) return null;
  return `${pathname.slice(REDIRECT_PREFIX.length)}${search}`;
}

/** The address that refreshes a tab. */
export function refreshHref(fullPath: string): string {
  return `${REDIRECT_PREFIX}${fullPath}`;
}
