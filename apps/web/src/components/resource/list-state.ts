import type { WebFilter } from './define-web-resource';
import { PAGE_SIZES } from './page-sizes';

export const DEFAULT_PAGE_SIZE = 20;

export type SortOrder = 'ascend' | 'descend';

/** What a list shows: filters in wire form, the 1-based page, its size and the sort. */
export interface ListState {
  filters: Record<string, unknown>;
  offset: number;
  size: number;
  sort?: { field: string; order: SortOrder };
}

// A range is `from~to` in the address (either side may be empty): one readable parameter per filter.
const RANGE_SEP = '~';

/** Reads a list's state from the address query, ignoring anything malformed (a page size not offered too). */
export function parseListState(
  search: string,
  filters: readonly WebFilter[],
  sortable: readonly string[],
  sizes: readonly number[] = PAGE_SIZES,
): ListState {
  const params = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const filter of filters) {
    const raw = params.get(filter.name);
    if (raw === null || raw === '') continue;
    if (filter.kind === 'select' || filter.kind === 'number') {
      const number = Number(raw);
      if (Number.isFinite(number)) values[filter.name] = number;
    } else if (filter.kind === 'dateRange' || filter.kind === 'datetimeRange') {
      const [from, to] = raw.split(RANGE_SEP);
      if (from || to) values[filter.name] = { from: from || undefined, to: to || undefined };
    } else values[filter.name] = raw;
  }
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const [field, order] = (params.get('sort') ?? '').split('.');
  return {
    filters: values,
    offset: Number.isInteger(page) && page >= 1 ? page : 1,
    size: sizes.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort:
      field && sortable.includes(field) && (order === 'ascend' || order === 'descend') ? { field, order } : undefined,
  };
}

/** The address query for a list state; defaults are left out so a plain list has a plain address. */
export function listSearch(state: ListState, filters: readonly WebFilter[]): string {
  const params = new URLSearchParams();
  for (const filter of filters) {
    const value = state.filters[filter.name];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') {
      const range = value as { from?: string; to?: string };
      if (range.from || range.to) params.set(filter.name, `${range.from ?? ''}${RANGE_SEP}${range.to ?? ''}`);
    } else if (typeof value === 'string' || typeof value === 'number') params.set(filter.name, String(value));
  }
  if (state.offset > 1) params.set('page', String(state.offset));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.sort) params.set('sort', `${state.sort.field}.${state.sort.order}`);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The page request body: filters as the contract's list schema takes them; `after` reads by keyset. */
export function pageBody(state: ListState, after?: string): Record<string, unknown> {
  return {
    ...state.filters,
    offset: state.offset,
    size: state.size,
    ...(state.sort ? { sort: state.sort } : {}),
    ...(after ? { after } : {}),
  };
}

/** 共 N 条, or 共 10,000+ 条 when the server stopped counting. */
export function totalText(total: number, capped: boolean | undefined): string {
  return capped ? '共 10,000+ 条' : `共 ${total.toLocaleString('en-US')} 条`;
}
