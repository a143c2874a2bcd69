import { type TableDensity, type TablePrefs, tablePrefs, userPrefEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';

export type Density = TableDensity;
export type { TablePrefs };

export const defaultTablePrefs: TablePrefs = { hidden: [], order: [], widths: {}, density: 'middle' };

/** A change is sent once the operator pauses, not once per click. */
export const PREFS_SAVE_DELAY_MS = 800;

/** The server's name for one list screen's table. */
export const tablePrefKey = (resource: string) => `table.${resource}`;

// This browser's copy, per account: the first value on the next visit, before the server answers.
function storageKey(user: string, resource: string): string {
  return `console.table.${user}.${resource}`;
}

function readLocal(key: string): TablePrefs {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed = raw ? tablePrefs.safeParse({ ...defaultTablePrefs, ...(JSON.parse(raw) as object) }) : null;
    return parsed?.success ? parsed.data : defaultTablePrefs;
  } catch {
    return defaultTablePrefs;
  }
}

function writeLocal(key: string, prefs: TablePrefs): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(prefs));
  } catch {
    // Private mode or a full storage: the server copy still keeps the choice.
  }
}

/** Columns in the operator's order: the ones they placed first, then the rest as the screen declares them. */
export function orderColumns<C extends { name: string }>(columns: readonly C[], order: readonly string[]): C[] {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const placed = order.flatMap((name) => byName.get(name) ?? []);
  const rest = columns.filter((column) => !order.includes(column.name));
  return [...placed, ...rest];
}

export interface TablePrefsControl {
  prefs: TablePrefs;
  setPrefs: (next: TablePrefs) => void;
  /** One column's width (px), kept with the rest of the prefs. */
  setWidth: (name: string, px: number) => void;
  reset: () => void;
}

/**
 * Column visibility, order, widths and density of one resource's table, remembered per account on the
 * server (userPref). This browser's copy shows at once so the table never jumps; the server's
 * answer replaces it unless the operator already changed something; changes are saved after a
 * pause, and a pending save is sent when the screen closes.
 */
export function useTablePrefs(resource: string): TablePrefsControl {
  const user = useSession((state) => state.userInfo?.loginName ?? 'anonymous');
  const local = storageKey(user, resource);
  const key = tablePrefKey(resource);
  const queryKey = useMemo(() => ['userPref', user, key], [user, key]);
  const queryClient = useQueryClient();
  const [prefs, setState] = useState(() => readLocal(local));
  const touched = useRef(false);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; send: () => void } | null>(null);
  // 以服务商身份查看 keeps its column choices in this browser only: the provider's own preferences
  // are the account's, which the server refuses to change in either mode (and logs as refused).
  const viewing = useViewAs((state) => state.active);

  const server = useQuery({
    queryKey,
    queryFn: ({ signal }) => api(userPrefEndpoints.get, { query: { key }, signal, quiet: true }),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (!server.data || touched.current) return;
    // Defaults under the answer: a server from before column widths answers without them.
    const answer = { ...defaultTablePrefs, ...server.data };
    setState(answer);
    writeLocal(local, answer);
  }, [server.data, local]);

  useEffect(
    () => () => {
      // Leaving the screen sends what is still waiting.
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      pending.current.send();
    },
    [],
  );

  const setPrefs = useCallback(
    (next: TablePrefs) => {
      touched.current = true;
      setState(next);
      writeLocal(local, next);
      queryClient.setQueryData(queryKey, next);
      if (viewing) return;
      if (pending.current) clearTimeout(pending.current.timer);
      const send = () => {
        pending.current = null;
        api(userPrefEndpoints.save, { body: { key, value: next }, quiet: true }).catch((error: unknown) => {
          // The choice still holds in this browser; the next change tries the server again.
          console.warn('表格设置保存失败', error);
        });
      };
      pending.current = { timer: setTimeout(send, PREFS_SAVE_DELAY_MS), send };
    },
    [local, key, queryKey, queryClient, viewing],
  );
  const reset = useCallback(() => setPrefs(defaultTablePrefs), [setPrefs]);
  // Read at call time, so the handler (and with it the columns) keeps one identity while widths change.
  const latest = useRef(prefs);
  useEffect(() => {
    latest.current = prefs;
  });
  const setWidth = useCallback(
    (name: string, px: number) => setPrefs({ ...latest.current, widths: { ...latest.current.widths, [name]: px } }),
    [setPrefs],
  );
  return { prefs, setPrefs, setWidth, reset };
}
