/**
 * Where to go after signing in: the `redirect` query (a console path only, never another site),
 * with the sign-in URL's other query parameters carried along.
 */
export function redirectTarget(search: string): string {
  const params = new URLSearchParams(search);
  const raw = params.get('redirect') ?? '';
  params.delete('redirect');
  const safe = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : '/';
  const rest = params.toString();
  if (!rest) return safe;
  return `${safe}${safe.includes('?') ? '&' : '?'}${rest}`;
}
