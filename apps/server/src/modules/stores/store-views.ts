import type { RequestContext } from '../../http/context.js';
import { emitAfterCommit } from '../../plugins/events.js';

/**
 * A store's status moved: the store lists, the application queue (and with it the sidebar badge
 * of every signed-in platform operator) and the recycle bin all refresh, since a store enters or
 * leaves each of them by its status.
 */
export function storeViewsChanged(
  ctx: RequestContext,
  id: number,
  agentId: number,
  action: 'create' | 'update' | 'delete',
): void {
  for (const resource of ['store', 'storeApplication', 'recycleStore']) {
    emitAfterCommit(ctx.req, 'resourceChanged', { resource, agentId, ids: [String(id)], action });
  }
}
