import type { EndpointDef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { chinaToday } from './expiry';
import type { ListState, SortOrder } from './list-state';

/** One figure above a list; a click shows exactly the rows it counts. */
export interface StatCardDef {
  key: string;
  label: string;
  /** The statistics answer's field this card shows. */
  field: string;
  tone?: 'success' | 'warning' | 'danger';
  /**
   * The list filters that select the counted rows, for today (China time); `{}` lists every row.
   * Without it the card is a figure over the list's own filter (a sum), not a button.
   */
  filters?: (today: string) => Record<string, unknown>;
  /** The order the rows read best in (soonest expiry first); default: the list's default sort. */
  sort?: { field: string; order: SortOrder };
  /** How the figure reads (an amount in fen as ¥); default a grouped count. */
  format?: (value: number) => string;
}

/** Statistics cards of a list: where the figures come from and what each card filters to. */
export interface ListStats {
  /** Answers `{ [card.field]: number }` for a body of the `scope` filters. */
  endpoint: EndpointDef;
  /** The list filters the figures follow (a chosen provider or store), sent as the endpoint's body. */
  scope: readonly string[];
  cards: readonly StatCardDef[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The list filters a card click sets, keeping the others (provider, keyword…). */
export function cardFilters(stats: ListStats, card: StatCardDef, current: Record<string, unknown>, today: string) {
  const managed = new Set(stats.cards.flatMap((c) => Object.keys(c.filters?.(today) ?? {})));
  const kept = Object.fromEntries(Object.entries(current).filter(([key]) => !managed.has(key)));
  return { ...kept, ...card.filters?.(today) };
}

/** The card whose filters the list shows now, if any. */
export function activeCard(stats: ListStats, current: Record<string, unknown>, today: string): string | undefined {
  const managed = [...new Set(stats.cards.flatMap((c) => Object.keys(c.filters?.(today) ?? {})))];
  return stats.cards.find((card) => {
    if (!card.filters) return false;
    const wanted = card.filters(today);
    return managed.every((key) => same(current[key], wanted[key]));
  })?.key;
}

interface Props {
  stats: ListStats;
  resource: string;
  state: ListState;
  onPick: (filters: Record<string, unknown>, sort: StatCardDef['sort']) => void;
}

/**
 * The figures above a list. Keyed under the resource's queries, so they refresh with the list
 * after every change (and when the live channel says the rows changed); a click filters the list
 * to the rows a card counts and marks that card.
 */
export function ListStatCards({ stats, resource, state, onPick }: Props) {
  const today = chinaToday();
  const body = useMemo(
    () =>
      Object.fromEntries(
        stats.scope.filter((key) => state.filters[key] !== undefined).map((key) => [key, state.filters[key]]),
      ),
    [stats.scope, state.filters],
  );
  const query = useQuery({
    queryKey: [...resourceQueryKey(resource), 'stats', stats.endpoint.path, body],
    queryFn: ({ signal }) =>
      api(stats.endpoint, { body, signal, quiet: true }) as Promise<Record<string, number | undefined>>,
  });
  const active = activeCard(stats, state.filters, today);
  return (
    <div className="resource-stats" aria-busy={query.isFetching}>
      {stats.cards.map((card) => {
        const value = query.data?.[card.field];
        const figure =
          typeof value === 'number'
            ? (card.format?.(value) ?? value.toLocaleString('zh-CN'))
            : query.isError
              ? '加载失败'
              : '…';
        if (!card.filters) {
          return (
            <div key={card.key} className={`resource-stat is-figure${card.tone ? ` is-${card.tone}` : ''}`}>
              <span className="resource-stat-label">{card.label}</span>
              <span className="resource-stat-value">{figure}</span>
            </div>
          );
        }
        return (
          <button
            key={card.key}
            type="button"
            className={`resource-stat${card.tone ? ` is-${card.tone}` : ''}${active === card.key ? ' is-active' : ''}`}
            aria-pressed={active === card.key}
            onClick={() => onPick(cardFilters(stats, card, state.filters, today), card.sort)}
          >
            <span className="resource-stat-label">{card.label}</span>
            <span className="resource-stat-value">{figure}</span>
          </button>
        );
      })}
      {query.isError && (
        <button type="button" className="resource-stats-retry" onClick={() => void query.refetch()}>
          统计加载失败，点此重试
        </button>
      )}
    </div>
  );
}
