import type { AnyResource } from '@console/contract';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api/request';
import type { WebResource } from './define-web-resource';
import type { ListRow } from './use-list-actions';

/** The address parameter naming the record whose detail drawer is open: `?detail=<id>`. */
export const DETAIL_PARAM = 'detail';

const wireId = /^[1-9]\d{0,18}$/;

/** A list's address query with the open record after its own parameters (none open: unchanged). */
export function withDetail(search: string, id: string | null | undefined): string {
  if (!id) return search;
  const params = new URLSearchParams(search);
  params.set(DETAIL_PARAM, id);
  return `?${params.toString()}`;
}

/** The record id an address names, if it is one. */
export function detailOf(search: string): string | null {
  const id = new URLSearchParams(search).get(DETAIL_PARAM);
  return id && wireId.test(id) ? id : null;
}

/**
 * Opens the detail drawer of the record the list's first address names (`?detail=<id>`: a link, a
 * reload, Ctrl+K's Enter), once per mount: from the first page when the record is on it, else read
 * by the resource's get endpoint (which answers within the caller's scope, so a foreign id opens
 * nothing; the request client shows its message). A list without a get endpoint opens only rows
 * on its first page.
 */
export function useDetailParam(
  web: WebResource<AnyResource, ListRow>,
  search: string,
  rows: readonly ListRow[] | undefined,
  onView: (row: ListRow) => void,
): void {
  const [wanted] = useState(() => detailOf(search));
  const done = useRef(false);
  const get = web.endpoints.get;
  useEffect(() => {
    if (!wanted || done.current || rows === undefined) return;
    done.current = true;
    const onPage = rows.find((row) => row.id === wanted);
    if (onPage) {
      onView(onPage);
      return;
    }
    if (!get) return;
    api(get, { query: { id: wanted } }).then(
      (row) => {
        if (row && typeof row === 'object' && 'id' in row) onView(row as ListRow);
      },
      // Refused or not found: the client already said so; the list stays as it is.
      () => undefined,
    );
  }, [wanted, rows, get, onView]);
}
