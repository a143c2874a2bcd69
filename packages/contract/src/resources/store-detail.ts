import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { recordId } from '../resource.js';

/** What hangs off one store, for its detail drawer: devices and people, counted. */
export const storeCounts = z.object({
  gatewayDevices: z.number().int(),
  androidDevices: z.number().int(),
  homeUsers: z.number().int(),
  staffUsers: z.number().int(),
});
export type StoreCounts = z.infer<typeof storeCounts>;

export const storeDetailEndpoints = {
  counts: defineEndpoint({
    method: 'GET',
    path: '/store/getCounts',
    access: { permission: 'store.get' },
    audience: 'any',
    summary: '门店设备与人员数',
    module: '门店管理',
    write: false,
    // Loose like a resource's get: a malformed id answers as a missing store does.
    query: z.object({ id: recordId }),
    response: storeCounts,
  }),
} as const;
