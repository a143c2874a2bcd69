/**
 * The TanStack Query key prefix of every query about one resource's rows. Lists key their pages
 * under it, and the live channel invalidates it when the server says the resource changed, so
 * open lists refetch with their page, filters and selection kept. Declared once for both sides.
 */
export function resourceQueryKey(resource: string): readonly ['resource', string] {
  return ['resource', resource];
}
