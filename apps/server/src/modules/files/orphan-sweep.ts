import type { FastifyInstance } from 'fastify';

/** An upload no record took within this long is taken for abandoned (a form cancelled after it). */
export const ORPHAN_FILE_AGE_MS = 24 * 60 * 60_000;
const EVERY_SECONDS = 60 * 60;
const FIRST_AFTER_SECONDS = 60;
const BATCH = 200;

export interface OrphanSweepOptions {
  now?: () => Date;
  maxAgeMs?: number;
}

/**
 * Deletes stored files that no write ever named (src/http/file-claims.ts) once they are `maxAgeMs` old: the
 * row first, then the bytes through the storage adapter, in batches over the index of unclaimed
 * files by age (migration 0166). Deleting the row first means a form that names the file from now
 * on is told to upload again, instead of saving a reference to bytes about to go.
 * Returns how many files went.
 */
export async function sweepOrphanFiles(app: FastifyInstance, opts: OrphanSweepOptions = {}): Promise<number> {
  const now = (opts.now ?? (() => new Date()))();
  const cutoff = new Date(now.getTime() - (opts.maxAgeMs ?? ORPHAN_FILE_AGE_MS)).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await app.db
      .selectFrom('storedFile')
      .select('id')
      .where('claimedAt', 'is', null)
      .where('createdAt', '<', cutoff)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    // Re-checked in the delete: a file claimed since the read stays.
    const gone = await app.db
      .deleteFrom('storedFile')
      .where(
        'id',
        'in',
        batch.map((r) => r.id),
      )
      .where('claimedAt', 'is', null)
      .returning('key')
      .execute();
    for (const { key } of gone) await app.files.store.remove(key);
    removed += gone.length;
    if (batch.length < BATCH) break;
  }
  return removed;
}

/**
 * Hourly across the cluster, the first a minute after start (so start-up is not slowed by it):
 * one job on app.jobs, whichever process takes it, rather than a timer in every process.
 */
export function scheduleOrphanSweep(app: FastifyInstance): void {
  app.jobs.every(
    'orphan-files',
    EVERY_SECONDS,
    async () => {
      const removed = await sweepOrphanFiles(app);
      if (removed > 0) app.log.info({ removed }, 'deleted uploads no record took');
    },
    { firstAfterSeconds: FIRST_AFTER_SECONDS },
  );
}
