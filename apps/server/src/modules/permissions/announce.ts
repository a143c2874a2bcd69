import type { RequestContext } from '../../http/context.js';
import { emitAfterCommit } from '../../plugins/events.js';

/**
 * Tells every server process, once the write has committed, that permissions changed: the
 * realtime layer drops cached sessions everywhere and sends `permissionsChanged` to the affected
 * consoles, which reload their menus and close the tabs they lost. (Dropping this process's cache
 * inside the transaction alone could let a concurrent request re-cache the old grants.)
 */
export function announcePermissionChange(
  ctx: RequestContext,
  resource: 'saasRole' | 'saasMenu' | 'agentMenu' | 'saasAdmin' | 'agentStaff',
  change: { agentId?: number | null; ids: Array<number | string>; action: 'create' | 'update' | 'delete' },
): void {
  emitAfterCommit(ctx.req, 'resourceChanged', {
    resource,
    agentId: change.agentId ?? null,
    ids: change.ids.map(String),
    action: change.action,
  });
}
