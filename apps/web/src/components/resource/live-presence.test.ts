import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { type LivePresence, type PresenceEvent, patchPresence } from './live-presence';

const spec: LivePresence = { device: 'gateway', online: 'communicationStatus', seenAt: 'lastSeenAt' };
const pageKey = (n: number) => [...resourceQueryKey('gatewayDevice'), 'page', { offset: n }];
const rows = (...ids: string[]) => ({
  list: ids.map((id) => ({ id, communicationStatus: 1, lastSeenAt: '2026-01-01T00:00:00.000Z' })),
  total: ids.length,
});

describe('patchPresence', () => {
  it('patches only the cached rows the event names and keeps other pages as they were', () => {
    const client = new QueryClient();
    client.setQueryData(pageKey(1), rows('1', '2'));
    const other = rows('3');
    client.setQueryData(pageKey(2), other);
    const event: PresenceEvent = {
      type: 'devicePresence',
      device: 'gateway',
      rows: [
        { id: '2', online: false, at: null },
        { id: '9', online: true, at: '2026-02-02T00:00:00.000Z' },
      ],
    };
    patchPresence(client, 'gatewayDevice', spec, event);
    expect(client.getQueryData<ReturnType<typeof rows>>(pageKey(1))?.list).toEqual([
      { id: '1', communicationStatus: 1, lastSeenAt: '2026-01-01T00:00:00.000Z' },
      { id: '2', communicationStatus: 0, lastSeenAt: '2026-01-01T00:00:00.000Z' },
    ]);
    // Untouched pages keep their identity: nothing re-renders, nothing refetches.
    expect(client.getQueryData(pageKey(2))).toBe(other);
  });

  it('moves the last-seen time when a device comes back, and ignores other kinds of device', () => {
    const client = new QueryClient();
    client.setQueryData(pageKey(1), rows('1'));
    patchPresence(client, 'gatewayDevice', spec, {
      type: 'devicePresence',
      device: 'android',
      rows: [{ id: '1', online: false, at: null }],
    });
    expect(client.getQueryData<ReturnType<typeof rows>>(pageKey(1))?.list[0]?.communicationStatus).toBe(1);
    patchPresence(client, 'gatewayDevice', spec, {
      type: 'devicePresence',
      device: 'gateway',
      rows: [{ id: '1', online: true, at: '2026-03-03T00:00:00.000Z' }],
    });
    expect(client.getQueryData<ReturnType<typeof rows>>(pageKey(1))?.list[0]?.lastSeenAt).toBe(
      '2026-03-03T00:00:00.000Z',
    );
  });
});
