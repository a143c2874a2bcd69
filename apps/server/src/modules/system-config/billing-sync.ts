import { billingRecordResource, billingSyncResource, startBillingSyncEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import { uniqueViolationColumns } from '../../db/db-errors.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { recordJobRun } from '../../http/job-operation-log.js';
import { daysOf, runBillingSync } from './billing-sync-run.js';

const BILLING_SYNC_JOB = 'billing-sync';
const SYNCS_AT_ONCE = 4;
interface BillingSyncData {
  jobId: number;
}

/** A queued or running job not touched for this long was cut off by a restart. */
const STALE_MS = 2 * 60_000;
const ACTIVE = [0, 1];

/** 同步账单: the job history, and starting a job for a range (one active job per range). */
export function registerBillingSync(app: FastifyInstance): void {
  // In-process jobs die with their process; pg-boss runs a lost one again on a live process
  // (after its expiry), so only the local engine closes them at start-up: in a cluster another
  // process may be running them right now.
  if (app.jobs.engine === 'local') app.addHook('onReady', () => failInterruptedSyncs(app).then(() => undefined));
  app.jobs.work<BillingSyncData>(
    BILLING_SYNC_JOB,
    (run) =>
      recordJobRun(
        app,
        run,
        { module: startBillingSyncEndpoint.module, action: '同步账单（后台任务）', targetId: String(run.data.jobId) },
        async () => {
          const outcome = await runBillingSync(app, run.data.jobId);
          return outcome.status === 'failed' ? { ok: false, errMsg: outcome.error } : { ok: true };
        },
      ),
    // Ranges sync side by side (one active job per range is the endpoint's rule).
    { concurrency: SYNCS_AT_ONCE },
  );
  // 账单记录: what the syncs wrote, each with the provider its statement number names.
  registerResource(app, billingRecordResource, 'billing_record', {
    joins: (qb) => qb.leftJoin('agent as a', 'a.agentNo', 't.agentNo'),
    columns: { agentId: 'a.id', agentName: 'a.name' },
    customFilters: {
      agentId: (eb, value) =>
        eb(
          't.agentNo',
          'in',
          eb
            .selectFrom('agent')
            .select('agent.agentNo')
            .where('agent.id', '=', toDbId(value as string)),
        ),
    },
  });
  registerResource(app, billingSyncResource, 'billing_sync_job', {
    hooks: { afterRead: (wire) => ({ ...wire, failures: JSON.parse(String(wire.failures)) as unknown }) },
  });

  bindEndpoint(app, startBillingSyncEndpoint, async ({ body }, ctx) => {
    const today = nowIso().slice(0, 10);
    if (body.rangeEnd > today)
      throw new AppError('validation', {
        message: '不能同步今天之后的账单',
        fieldErrors: { rangeEnd: '不能晚于今天' },
      });
    const active = await ctx.db
      .selectFrom('billingSyncJob')
      .select(['id', 'updatedAt'])
      .where('rangeStart', '=', body.rangeStart)
      .where('rangeEnd', '=', body.rangeEnd)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    if (active && Date.now() - Date.parse(active.updatedAt) < STALE_MS) {
      throw new AppError('stateConflict', { message: '该时间段已有同步任务在进行，请等待其完成' });
    }
    const now = nowIso();
    if (active) {
      await ctx.db
        .updateTable('billingSyncJob')
        .set({ status: 3, error: '任务中断（服务重启），请重新发起', finishedAt: now, updatedAt: now })
        .where('id', '=', active.id)
        .execute();
    }
    const inserted = await ctx.db
      .insertInto('billingSyncJob')
      .values({
        rangeStart: body.rangeStart,
        rangeEnd: body.rangeEnd,
        status: 0,
        totalDays: daysOf(body.rangeStart, body.rangeEnd).length,
        operatorName: ctx.operator?.name ?? '',
        startedAt: null,
        finishedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => {
        // Two starts at once: the partial unique index lets one through.
        if (uniqueViolationColumns(err))
          throw new AppError('stateConflict', { message: '该时间段已有同步任务在进行，请等待其完成' });
        throw err;
      });
    ctx.audit.targetId = String(inserted.id);
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: 'billingSync',
      agentId: null,
      ids: [String(inserted.id)],
      action: 'create',
    });
    // Queued once the transaction that wrote the row has committed and the answer is out, under
    // the operator who started it (its run is recorded in 操作日志 as theirs).
    const operator = ctx.operator;
    ctx.reply.raw.once('finish', () => {
      if (ctx.reply.statusCode >= 400) return;
      app.jobs
        .enqueue<BillingSyncData>(BILLING_SYNC_JOB, { jobId: inserted.id }, { operator })
        .catch((err: unknown) => failUnqueued(app, inserted.id, err));
    });
    return { ...inserted, id: String(inserted.id), failures: [] };
  });
}

/** The job engine refused the job (the database went away): its row says so instead of staying queued. */
async function failUnqueued(app: FastifyInstance, id: number, err: unknown): Promise<void> {
  app.log.error({ err, jobId: id }, 'billing sync could not be queued');
  const now = nowIso();
  await app.db
    .updateTable('billingSyncJob')
    .set({ status: 3, error: '任务未能排队，请重新发起', finishedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 0)
    .execute()
    .catch(() => undefined);
}

/**
 * On the in-process engine jobs run inside the server process, so at start-up every job still queued or running belongs to
 * a process that is gone. Each is closed as failed with the reason and how far it got, so the
 * console's progress bar stops instead of waiting for the same range to be started again.
 */
export async function failInterruptedSyncs(app: FastifyInstance): Promise<number[]> {
  const left = await app.db
    .selectFrom('billingSyncJob')
    .select(['id', 'doneDays', 'totalDays'])
    .where('status', 'in', ACTIVE)
    .execute();
  const now = nowIso();
  for (const job of left) {
    await app.db
      .updateTable('billingSyncJob')
      .set({
        status: 3,
        error: `任务中断：服务重启时仍在进行（已完成 ${job.doneDays}/${job.totalDays} 天），请重新发起同步`,
        finishedAt: now,
        updatedAt: now,
      })
      .where('id', '=', job.id)
      .where('status', 'in', ACTIVE)
      .execute();
  }
  const ids = left.map((r) => r.id);
  if (ids.length > 0) {
    app.log.warn({ jobs: ids }, 'billing sync jobs interrupted by a restart marked failed');
    if (app.hasDecorator('events')) {
      app.events.emit('resourceChanged', {
        resource: 'billingSync',
        agentId: null,
        ids: ids.map(String),
        action: 'update',
      });
    }
  }
  return ids;
}
