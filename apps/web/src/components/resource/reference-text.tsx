import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/request';
import type { ReferenceSource } from './reference-select';

/**
 * A reference value as a person reads it: the referenced record's `display` (or `label`) field, read
 * with the source's get endpoint, instead of its internal id. Until that answers, or when it cannot
 * (no get endpoint, no permission, a deleted record), the id itself.
 */
export function ReferenceText({ source, id }: { source: ReferenceSource; id: string }) {
  const get = source.get;
  // The same query as the reference select's labels, so each record is read once.
  const query = useQuery({
    queryKey: ['reference', get?.path, id],
    queryFn: ({ signal }) => api(get!, { query: { id }, signal, quiet: true }) as Promise<Record<string, unknown>>,
    enabled: !!get,
    staleTime: 60_000,
    retry: false,
  });
  const shown = query.data?.[source.display ?? source.label];
  return <>{typeof shown === 'string' && shown ? shown : id}</>;
}
