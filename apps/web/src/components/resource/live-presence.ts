import type { RealtimeEvent } from '@console/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resourceQueryKey } from '../../lib/api/resource-query-key';

export type PresenceEvent = Extract<RealtimeEvent, { type: 'devicePresence' }>;

/** Fired on window by the live channel for every `devicePresence` frame. */
export const DEVICE_PRESENCE_EVENT = 'console:device-presence';

/**
 * A list of devices whose rows follow the devices going on and off line: which kind of device,
 * the row's online field (1/0) and, optionally, its last-seen time.
 */
export interface LivePresence {
  device: PresenceEvent['device'];
  online: string;
  seenAt?: string;
}

interface PageData {
  list: Record<string, unknown>[];
}

/**
 * Patches the rows of the resource's cached pages that the event names, in place: the open
 * page changes without a request, and pages that hold none of the rows keep their identity (so
 * nothing re-renders). A flood of devices flapping costs a lookup per row, never a refetch.
 */
export function patchPresence(queryClient: QueryClient, resource: string, spec: LivePresence, event: PresenceEvent) {
  if (event.device !== spec.device) return;
  const byId = new Map(event.rows.map((r) => [r.id, r]));
  queryClient.setQueriesData<PageData>({ queryKey: [...resourceQueryKey(resource), 'page'] }, (data) => {
    if (!data?.list.some((row) => byId.has(String(row.id)))) return data;
    return {
      ...data,
      list: data.list.map((row) => {
        const change = byId.get(String(row.id));
        if (!change) return row;
        const seen = spec.seenAt && change.at ? { [spec.seenAt]: change.at } : {};
        return { ...row, [spec.online]: change.online ? 1 : 0, ...seen };
      }),
    };
  });
}

/** Keeps an open list's device rows live (ResourceListPage calls it when the web resource declares `livePresence`). */
export function useLivePresence(resource: string, spec: LivePresence | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!spec) return;
    const onEvent = (e: Event) => patchPresence(queryClient, resource, spec, (e as CustomEvent<PresenceEvent>).detail);
    window.addEventListener(DEVICE_PRESENCE_EVENT, onEvent);
    return () => window.removeEventListener(DEVICE_PRESENCE_EVENT, onEvent);
  }, [queryClient, resource, spec]);
}
