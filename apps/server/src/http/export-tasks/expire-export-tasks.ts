import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock.js';

const BATCH = 200;

/**
 * Marks ready tasks past their keep (EXPORT_KEEP_DAYS, set as `expiresAt` when the file was
 * written) expired and deletes their files, in batches. The row goes first: a download from now
 * on is refused instead of finding bytes about to go. Returns how many tasks expired.
 */
export async function expireExportTasks(app: FastifyInstance, dir: string, now = new Date()): Promise<number> {
  const cutoff = now.toISOString();
  let expired = 0;
  for (;;) {
    const batch = await app.db
      .selectFrom('exportTask')
      .select(['id', 'fileName'])
      .where('status', '=', 'ready')
      .where('expiresAt', '<=', cutoff)
      .orderBy('expiresAt')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    for (const task of batch) {
      const result = await app.db
        .updateTable('exportTask')
        .set({ status: 'expired', fileName: null, updatedAt: nowIso() })
        .where('id', '=', task.id)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      if (task.fileName) await rm(join(dir, task.fileName), { force: true });
      expired += 1;
    }
    if (batch.length < BATCH) break;
  }
  return expired;
}
