import { billingSyncResource, startBillingSyncEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import { uniqueViolationColumns } from '../../crud/db-errors.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { daysOf, runBillingSync } from './billing-sync-run.js';

/** A queued or running job not touched for this long was cut off by a restart. */
const STALE_MS = 2 * 60_000;
const ACTIVE = [0, 1];

/** 同步账单: the job history, and starting a job for a range (one active job per range). */
export function registerBillingSync(app: FastifyInstance): void {
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
    // The job runs once the transaction that queued it has committed and the answer is out.
    ctx.reply.raw.once('finish', () => {
      if (ctx.reply.statusCode < 400) void runBillingSync(app, inserted.id);
    });
    return { ...inserted, id: String(inserted.id), failures: [] };
  });
}
