import { type SavedView, type SavedViewShare, type SavedViewState, savedViewEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api/request';
import type { ListState } from './list-state';
import type { TablePrefs } from './table-prefs';
import type { WebFilter } from './define-web-resource';

/** The address parameter that opens a list with one of its saved views. */
export const VIEW_PARAM = 'view';

export interface SavedViewsControl {
  views: SavedView[];
  loading: boolean;
  /** The view last applied, until the operator applies another. */
  activeId: string | null;
  apply: (view: SavedView) => void;
  saveAs: (input: { name: string; share: SavedViewShare; roleId?: string | null }) => Promise<void>;
  update: (
    view: SavedView,
    patch: { name?: string; share?: SavedViewShare; roleId?: string | null; state?: SavedViewState },
  ) => Promise<void>;
  setDefault: (view: SavedView | null) => Promise<void>;
  remove: (view: SavedView) => Promise<void>;
  /** What a view made now would keep. */
  capture: () => SavedViewState;
}

interface Options {
  listKey: string;
  /** The address query the list opened with: `?view=` applies that view, an empty one the default. */
  initialSearch: string;
  state: ListState;
  prefs: TablePrefs;
  setState: (state: ListState) => void;
  /** The operator's current columns (userPref): applying a view writes its columns there. */
  setPrefs: (prefs: TablePrefs) => void;
  /** The list's filters, to name those of a view that are unavailable. */
  filters: readonly WebFilter[];
}

export const savedViewsQueryKey = (listKey: string) => ['savedView', listKey] as const;

/**
 * A list's saved views (server-side, per operator, shareable). Applying a view sets the list's
 * state and writes its columns into the operator's table prefs (userPref): those stay the
 * operator's current columns, which a view only snapshots and restores.
 */
export function useSavedViews({
  listKey,
  initialSearch,
  state,
  prefs,
  setState,
  setPrefs,
  filters: listFilters,
}: Options): SavedViewsControl {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const queryKey = savedViewsQueryKey(listKey);
  const options = {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api(savedViewEndpoints.list, { query: { listKey }, signal, quiet: true }),
    staleTime: 30_000,
    retry: false,
  };
  const query = useQuery(options);
  const views = query.data?.list;
  const [activeId, setActiveId] = useState<string | null>(null);
  // Read once, as the list reads its first state: the list rewrites the address afterwards.
  const [opening] = useState(() => {
    const params = new URLSearchParams(initialSearch);
    return { viewId: params.get(VIEW_PARAM), plain: [...params.keys()].length === 0 };
  });

  const latest = useRef({ state, prefs, setState, setPrefs, listFilters });
  useEffect(() => {
    latest.current = { state, prefs, setState, setPrefs, listFilters };
  });

  const apply = useCallback(
    (view: SavedView) => {
      const { prefs: current, listFilters: known } = latest.current;
      const { filters, sort, size, columns } = view.state;
      latest.current.setState({ filters, sort, size, offset: 1 });
      // Spread: a view from a server before column widths has none, and then clears the dragged ones.
      latest.current.setPrefs({
        ...current,
        order: columns.order,
        hidden: columns.hidden,
        widths: { ...columns.widths },
      });
      setActiveId(view.id);
      if (view.unavailable.length) {
        const label = (name: string) => known.find((f) => f.name === name)?.label ?? name;
        void message.warning(`视图「${view.name}」的筛选条件不可用：${view.unavailable.map(label).join('、')}`);
      }
    },
    [message],
  );

  // Opening the list: its `?view=` or, on a plain address, the operator's default, once the views are in.
  // Once: a hidden tab's effects run again when it is shown, and must not re-apply over the operator's changes.
  const first = useRef(options);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || (!opening.viewId && !opening.plain)) return;
    let live = true;
    queryClient.fetchQuery(first.current).then(
      (data) => {
        if (!live || opened.current) return;
        // Optional chaining: a list without a saved-views answer (no such endpoint behind a test) has none.
        const list: SavedView[] = data?.list ?? [];
        opened.current = true;
        const view = list.find((v) => (opening.viewId ? v.id === opening.viewId : v.isDefault));
        if (view) apply(view);
        else if (opening.viewId) void message.warning('视图不可用：它已被删除或未共享给你');
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [queryClient, opening, apply, message]);

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  const capture = useCallback((): SavedViewState => {
    const { state: s, prefs: p } = latest.current;
    return {
      filters: s.filters as SavedViewState['filters'],
      ...(s.sort ? { sort: s.sort } : {}),
      size: s.size,
      columns: { order: p.order, hidden: p.hidden, widths: p.widths },
    };
  }, []);

  const saveAs = useCallback<SavedViewsControl['saveAs']>(
    async (input) => {
      const made = await api(savedViewEndpoints.create, { body: { listKey, state: capture(), ...input } });
      await reload();
      setActiveId(made.id);
    },
    [listKey, capture, reload],
  );
  const update = useCallback<SavedViewsControl['update']>(
    async (view, patch) => {
      await api(savedViewEndpoints.update, { body: { id: view.id, version: view.version, ...patch } });
      await reload();
    },
    [reload],
  );
  const setDefault = useCallback<SavedViewsControl['setDefault']>(
    async (view) => {
      await api(savedViewEndpoints.setDefault, { body: { listKey, id: view?.id ?? null } });
      await reload();
    },
    [listKey, reload],
  );
  const remove = useCallback<SavedViewsControl['remove']>(
    async (view) => {
      await api(savedViewEndpoints.delete, { query: { id: view.id } });
      if (activeId === view.id) setActiveId(null);
      await reload();
    },
    [activeId, reload],
  );

  return { views: views ?? [], loading: query.isLoading, activeId, apply, saveAs, update, setDefault, remove, capture };
}
