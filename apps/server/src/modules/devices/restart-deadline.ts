import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * How long a gateway may take between accepting a restart and reporting it done. A real gateway
 * is back in well under a minute; one that is not after this long lost power or its network while
 * restarting, and the row must stop saying 重启中 (which also refuses a new restart).
 */
export const RESTART_DEADLINE_MS = 5 * 60_000;

export const RESTART_OVERDUE_MESSAGE = '重启超时：网关 5 分钟内未报告重启完成，请检查设备电源与网络';

/**
 * Closes the restarts that never reported back as failed; answers the rows changed, to announce.
 * Gateways restarting at one time are few, so the filter on `restarting` reads a handful of rows.
 */
export async function expireOverdueRestarts(
  db: Kysely<Database>,
  now: Date,
): Promise<{ id: number; agentId: number | null }[]> {
  const cutoff = new Date(now.getTime() - RESTART_DEADLINE_MS).toISOString();
  return db
    .updateTable('gatewayDevice')
    .set({ restarting: 0, restartOk: 0, restartMessage: RESTART_OVERDUE_MESSAGE, updatedAt: now.toISOString() })
    .where('restarting', '=', 1)
    .where('restartRequestedAt', '<', cutoff)
    .returning(['id', 'agentId'])
    .execute();
}
