// A neutral silhouette on the console's blue, inline so it needs no request and never 404s.
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#e6f4ff"/>' +
      '<circle cx="32" cy="25" r="11" fill="#1890ff"/><path d="M12 54c2-11 10-17 20-17s18 6 20 17" fill="#1890ff"/></svg>',
  );

/**
 * The avatar URL for a stored `headImg` (spec section 3): empty → the default avatar; a bare host
 * path without a scheme gets `http://`. Site-relative paths and data URLs are already usable.
 */
export function avatarUrl(headImg: string | null | undefined): string {
  const value = headImg?.trim() ?? '';
  if (!value) return DEFAULT_AVATAR;
  if (/^https?:\/\//i.test(value) || value.startsWith('/') || value.startsWith('data:')) return value;
  return `http://${value}`;
}
