import type { RequestContext } from '../../http/context.js';
import { emitAfterCommit } from '../../plugins/events.js';

/** Announces an order write after commit, to the order's provider and the platform. */
export function orderChanged(ctx: RequestContext, id: number, agentId: number, action: 'create' | 'update'): void {
  emitAfterCommit(ctx.req, 'resourceChanged', { resource: 'hardwareOrder', agentId, ids: [String(id)], action });
}
