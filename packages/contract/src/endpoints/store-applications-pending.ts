import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The name of the 开店申请 queue (resources/store-review.ts). Here, beside the badge's endpoint, so
 * the console's sidebar can key the badge under the queue without loading the queue's definition.
 */
export const STORE_APPLICATION_RESOURCE = 'storeApplication';

/**
 * The sidebar badge's count (spec: POST /saasRole/getPendingApplication), in a module of its own:
 * the console's shell asks it on every screen, and `storeEndpoints` (which lists it too) carries
 * the whole store record in its other endpoints' answers.
 */
export const pendingStoreApplicationsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/saasRole/getPendingApplication',
  access: { permission: 'storeApplication' },
  audience: 'platform',
  summary: '待审核开店申请数',
  module: '开店审核',
  write: false,
  response: z.number().int(),
});
