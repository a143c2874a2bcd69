import type { AnyResource, EndpointDef, Page } from '@console/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api/request';

/** Where a reference field finds its records: declared once in the web resource's field override. */
export interface ReferenceSource {
  /** A page endpoint of the referenced records: `{offset, size, [search]}` → `{list}`. */
  page: EndpointDef;
  /** Reads one record by `?id=`, to label a current value that the first page does not hold. */
  get?: EndpointDef;
  /** The referenced row's field shown as the option's label. */
  label: string;
  /** The page filter that takes the typed text (a keyword filter, or the label's own filter). */
  search: string;
  /** The referenced row's field a detail shows for the value (e.g. a provider's number), if not `label`. */
  display?: string;
}

/** A reference source from a contract resource's own page and get endpoints. */
export function referenceTo(resource: AnyResource, opts: { label: string; search: string }): ReferenceSource {
  const page = resource.endpoints.page;
  if (!page) throw new Error(`${resource.name} 没有列表接口，不能作为引用来源`);
  return { page, get: resource.endpoints.get, ...opts };
}

/** Options per search: enough to pick from, small enough to stay quick. */
export const REFERENCE_PAGE_SIZE = 20;
/** Typing pauses this long before the server is asked. */
export const REFERENCE_DEBOUNCE_MS = 300;

type Value = string | string[] | null | undefined;
type Row = Record<string, unknown> & { id: string };

interface Props {
  source: ReferenceSource;
  /** Several ids (a list such as roleIds) instead of one. */
  multiple?: boolean;
  /** Page filters always sent beside the typed text (a terminal's store among its provider's: `{agentId}`). */
  filters?: Record<string, unknown>;
  placeholder?: string;
  /**
   * Names the edited record already carries for its current ids (agentId → its agentName): shown
   * without a read, and the only name there is for a record `get` does not answer (the platform's
   * own 平台直营 provider is no ordinary provider, so /agent/get refuses it).
   */
  knownLabels?: Readonly<Record<string, string>>;
  allowClear?: boolean;
  style?: CSSProperties;
  /** antd Form passes these. */
  id?: string;
  value?: Value;
  onChange?: (value: Value) => void;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const labelOf = (row: Row, field: string) => {
  const value = row[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : row.id;
};

/**
 * A select over another resource's records, searched on the server as the operator types (page of
 * 20, debounced). Current values keep their labels when editing: any id not on the first page is
 * read by id. Failures say so in the dropdown instead of toasting on every keystroke.
 */
export function ReferenceSelect({
  source,
  multiple,
  filters,
  placeholder,
  knownLabels,
  allowClear = true,
  style,
  id,
  value,
  onChange,
}: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), REFERENCE_DEBOUNCE_MS);
  const ids = useMemo(() => (Array.isArray(value) ? value : value ? [value] : []), [value]);

  const page = useQuery({
    queryKey: ['reference', source.page.path, source.search, keyword, filters],
    queryFn: ({ signal }) =>
      api(source.page, {
        body: { offset: 1, size: REFERENCE_PAGE_SIZE, ...filters, ...(keyword ? { [source.search]: keyword } : {}) },
        signal,
        quiet: true,
      }) as Promise<Page<Row>>,
    // Asked for only once the operator opens the list or types: a form with ten selects sends nothing on mount.
    enabled: open || keyword !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const known = useMemo(
    () =>
      new Map([
        ...Object.entries(knownLabels ?? {}).filter(([one]) => ids.includes(one)),
        ...(page.data?.list ?? []).map((row): [string, string] => [row.id, labelOf(row, source.label)]),
      ]),
    [page.data, source.label, knownLabels, ids],
  );
  const get = source.get;
  const missing = useMemo(() => (get ? ids.filter((one) => !known.has(one)) : []), [get, ids, known]);
  const singles = useQueries({
    queries: missing.map((one) => ({
      queryKey: ['reference', get?.path, one],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(get!, { query: { id: one }, signal, quiet: true }) as Promise<Row>,
      staleTime: 60_000,
      retry: false,
    })),
  });

  const options = useMemo(() => {
    const list = [...known].map(([value, label]) => ({ value, label }));
    // A chosen record outside the current page still shows its name, not its number.
    for (const [index, one] of missing.entries()) {
      const row = singles[index]?.data;
      list.push({ value: one, label: row ? labelOf(row, source.label) : one });
    }
    return list;
  }, [known, missing, singles, source.label]);

  return (
    <Select<Value>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? ids : (value ?? undefined)}
      onChange={(next) => {
        onChange?.(next ?? (multiple ? [] : null));
        setTyped('');
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={setOpen}
      loading={page.isFetching}
      allowClear={allowClear}
      placeholder={placeholder}
      style={style}
      notFoundContent={page.isFetching ? <Spin size="small" /> : page.isError ? '加载失败，请重试' : '无匹配结果'}
    />
  );
}
