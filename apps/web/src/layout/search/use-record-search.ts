import { type SearchGroup, searchEndpoints } from '@console/contract';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/request';

/** The pause after the last keystroke before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 200;

export interface RecordSearch {
  /** The text the groups answer (they may lag the input while a search is on its way). */
  answered: string;
  groups: SearchGroup[];
  loading: boolean;
  failed: boolean;
}

const idle = { q: '', groups: [], failed: false };

/**
 * GET /search for the typed text, once typing pauses; a newer text cancels the request still on
 * its way (its AbortSignal), so an older answer never replaces a newer one. Failures are shown in
 * the palette, not as a toast over it.
 */
export function useRecordSearch(text: string): RecordSearch {
  const q = text.trim();
  const [answer, setAnswer] = useState<{ q: string; groups: SearchGroup[]; failed: boolean }>(idle);
  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api(searchEndpoints.search, { query: { q }, signal: controller.signal, quiet: true }).then(
        (data) => setAnswer({ q, groups: data.groups, failed: false }),
        () => {
          if (!controller.signal.aborted) setAnswer({ q, groups: [], failed: true });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  if (!q) return { answered: '', groups: [], loading: false, failed: false };
  return {
    answered: answer.q,
    groups: answer.groups,
    loading: answer.q !== q,
    failed: answer.q === q && answer.failed,
  };
}
