import { type EndpointDef, type ScreenMount, mountedEndpoint } from '@console/contract';
import type { ListStats, StatCardDef } from '../../components/resource/list-stats';
import { formatYuan } from '../../lib/money';

/** Sums above a money list: the mount's totals endpoint over every filter of the list (no card filters). */
export function financeSums(
  endpoint: EndpointDef,
  filters: readonly string[],
  cards: readonly { field: string; label: string; money?: boolean; tone?: StatCardDef['tone'] }[],
): Record<ScreenMount, ListStats> {
  const of = (mount: ScreenMount): ListStats => ({
    endpoint: mountedEndpoint(endpoint, mount),
    scope: filters,
    cards: cards.map((c) => ({
      key: c.field,
      label: c.label,
      field: c.field,
      tone: c.tone,
      ...(c.money ? { format: formatYuan } : {}),
    })),
  });
  return { provider: of('provider'), direct: of('direct') };
}
