import type { BillStatement } from '../../adapters/payments/index.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

const DAY = 86_400_000;
const QUEUED = 0;
const RUNNING = 1;
const DONE = 2;
const FAILED = 3;
/** Reasons kept per job; the counts stay exact beyond it. */
const MAX_FAILURES = 200;

/** The days of a range, first to last (YYYY-MM-DD). */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

type Outcome = 'created' | 'updated' | 'unchanged' | { reason: string };

/**
 * Writes one statement line: new bill numbers are inserted, known ones updated only when the
 * provider's facts changed. A refund is final: an older statement line (paid) never turns a
 * refunded record back, so syncing a range again, in any order, changes nothing.
 */
async function applyLine(db: Kysely<Database>, line: BillStatement): Promise<Outcome> {
  if (!line.agentNo) return { reason: '账单缺少服务商编号' };
  if (!Number.isSafeInteger(line.amount) || line.amount <= 0) return { reason: '账单金额不正确' };
  const known = await db.selectFrom('billingRecord').selectAll().where('billNo', '=', line.billNo).executeTakeFirst();
  const now = nowIso();
  const facts = {
    agentNo: line.agentNo,
    payChannel: line.payChannel,
    amount: line.amount,
    fee: line.fee,
    status: Math.max(line.status, known?.status ?? 0),
    paidAt: line.paidAt,
  };
  if (!known) {
    await db
      .insertInto('billingRecord')
      .values({ billNo: line.billNo, ...facts, createdAt: now, updatedAt: now })
      .execute();
    return 'created';
  }
  const same = (Object.keys(facts) as (keyof typeof facts)[]).every((k) => known[k] === facts[k]);
  if (same) return 'unchanged';
  await db
    .updateTable('billingRecord')
    .set((eb) => ({ ...facts, updatedAt: now, version: eb('version', '+', 1) }))
    .where('id', '=', known.id)
    .execute();
  return 'updated';
}

/** How a run ended: `skipped` when the job was no longer queued or running (closed meanwhile). */
export type BillingSyncOutcome = { status: 'done' | 'skipped' } | { status: 'failed'; error: string };

/**
 * Runs a queued job day by day: each day's statement is fetched outside any transaction, then
 * written with the job's counters in one transaction, so the progress the console polls is
 * always what is stored. A day the provider does not answer is reported and the job goes on.
 *
 * A job found running was held by a process that died (the job engine runs it again elsewhere
 * only then): it starts over with its counters reset, which changes no record twice, since
 * syncing a day again changes nothing.
 */
export async function runBillingSync(app: FastifyInstance, jobId: number): Promise<BillingSyncOutcome> {
  const db = app.db;
  const job = await db.selectFrom('billingSyncJob').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!job || (job.status !== QUEUED && job.status !== RUNNING)) return { status: 'skipped' };
  const started = nowIso();
  await db
    .updateTable('billingSyncJob')
    .set({
      status: RUNNING,
      startedAt: started,
      updatedAt: started,
      doneDays: 0,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 0,
      failedCount: 0,
      failures: '[]',
    })
    .where('id', '=', jobId)
    .where('status', 'in', [QUEUED, RUNNING])
    .execute();
  const failures: { billNo: string; reason: string }[] = [];
  const changed = () =>
    app.events.emit('resourceChanged', {
      resource: 'billingSync',
      agentId: null,
      ids: [String(jobId)],
      action: 'update',
    });
  try {
    for (const day of daysOf(job.rangeStart, job.rangeEnd)) {
      let lines: BillStatement[] | null = null;
      let dayError = '';
      try {
        lines = await app.payments.dailyStatement(day);
      } catch (err) {
        dayError = err instanceof Error ? err.message : '对账单下载失败';
      }
      const wrote = await db.transaction().execute(async (trx) => {
        const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
        if (lines === null) {
          counts.failed += 1;
          failures.push({ billNo: `${day} 对账单`, reason: dayError });
        }
        for (const line of lines ?? []) {
          const outcome = await applyLine(trx, line);
          if (typeof outcome === 'string') counts[outcome] += 1;
          else {
            counts.failed += 1;
            failures.push({ billNo: line.billNo, reason: outcome.reason });
          }
        }
        await trx
          .updateTable('billingSyncJob')
          .set((eb) => ({
            doneDays: eb('doneDays', '+', 1),
            createdCount: eb('createdCount', '+', counts.created),
            updatedCount: eb('updatedCount', '+', counts.updated),
            unchangedCount: eb('unchangedCount', '+', counts.unchanged),
            failedCount: eb('failedCount', '+', counts.failed),
            failures: JSON.stringify(failures.slice(0, MAX_FAILURES)),
            updatedAt: nowIso(),
          }))
          .where('id', '=', jobId)
          .execute();
        return counts.created + counts.updated > 0;
      });
      changed();
      // An open 账单记录 list refreshes when a day wrote any record.
      if (wrote) {
        app.events.emit('resourceChanged', { resource: 'billingRecord', agentId: null, ids: [], action: 'update' });
      }
    }
    const done = nowIso();
    await db
      .updateTable('billingSyncJob')
      .set({ status: DONE, finishedAt: done, updatedAt: done })
      .where('id', '=', jobId)
      .execute();
    changed();
    return { status: 'done' };
  } catch (err) {
    app.log.error({ err, jobId }, 'billing sync failed');
    const done = nowIso();
    const error = '同步中断，请重新发起';
    await db
      .updateTable('billingSyncJob')
      .set({ status: FAILED, error, finishedAt: done, updatedAt: done })
      .where('id', '=', jobId)
      .execute()
      .catch(() => undefined);
    changed();
    return { status: 'failed', error };
  }
}
