import type { EndpointDef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { formatYuan } from '../../lib/money';

/** One total above a list. */
export interface SumDef {
  /** The sums answer's field. */
  field: string;
  label: string;
  /** Fen shown as ¥ with two decimals, or a plain count. */
  kind: 'money' | 'count';
  tone?: 'success' | 'warning' | 'danger';
}

/** Totals of every row the list's filters select (not only the page shown), computed by the server. */
export interface ListSums {
  /** Takes the list's filters as its body; answers `{ [sum.field]: number }`. */
  endpoint: EndpointDef;
  sums: readonly SumDef[];
  /** Where the figures sit in the answer; default its top level. */
  totals?: (data: unknown) => Record<string, number | undefined>;
  /** More of the same answer under the strip (a breakdown table), drawn once it arrived. */
  detail?: ComponentType<{ data: unknown }>;
}

const show = (sum: SumDef, value: number) =>
  sum.kind === 'money' ? formatYuan(value) : `${value.toLocaleString('zh-CN')} 笔`;

/**
 * The totals strip above a list. Keyed under the resource's queries with the list's filters, so
 * it follows every search and reloads with the list after a change (a refund).
 */
export function ListSumsBar({
  sums,
  resource,
  filters,
}: {
  sums: ListSums;
  resource: string;
  filters: Record<string, unknown>;
}) {
  const query = useQuery<unknown>({
    queryKey: [...resourceQueryKey(resource), 'sums', sums.endpoint.path, filters],
    queryFn: ({ signal }) => api(sums.endpoint, { body: filters, signal, quiet: true }),
  });
  const figures =
    query.data === undefined
      ? undefined
      : (sums.totals?.(query.data) ?? (query.data as Record<string, number | undefined>));
  const Detail = sums.detail;
  return (
    <>
      <div className="resource-stats" aria-busy={query.isFetching} aria-label="筛选结果合计" role="group">
        {sums.sums.map((sum) => {
          const value = figures?.[sum.field];
          return (
            <div key={sum.field} className={`resource-stat is-static${sum.tone ? ` is-${sum.tone}` : ''}`}>
              <span className="resource-stat-label">{sum.label}</span>
              <span className="resource-stat-value" data-testid={`sum-${sum.field}`}>
                {typeof value === 'number' ? show(sum, value) : query.isError ? '加载失败' : '…'}
              </span>
            </div>
          );
        })}
        {query.isError && (
          <button type="button" className="resource-stats-retry" onClick={() => void query.refetch()}>
            合计加载失败，点此重试
          </button>
        )}
      </div>
      {Detail && query.data !== undefined && <Detail data={query.data} />}
    </>
  );
}
