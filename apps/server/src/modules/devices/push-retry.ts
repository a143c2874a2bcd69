import { appVersionEndpoints, type PushJob } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';

const FAILED = 2;

/**
 * Sends a push again to the devices whose install failed. The failed rows are reopened by one
 * conditional UPDATE, so two operators retrying at once send each device once; the job's counts
 * drop by the reopened rows and it runs again until they answer.
 */
export function registerPushRetry(
  app: FastifyInstance,
  jobWire: (db: Kysely<Database>, id: number) => Promise<PushJob>,
): void {
  bindEndpoint(app, appVersionEndpoints.retryPush, async ({ body }, ctx) => {
    const jobId = toDbId(body.id);
    const job = await ctx.db
      .selectFrom('appPushJob as j')
      .innerJoin('appVersion as v', 'v.id', 'j.appVersionId')
      .select(['j.id', 'v.versionName', 'v.downloadUrl', 'v.md5'])
      .where('j.id', '=', jobId)
      .executeTakeFirst();
    if (!job) throw new AppError('recordNotFound');
    const reopened = await ctx.db
      .updateTable('appPushResult')
      .set({ status: 0, message: '重新推送', reportedAt: null })
      .where('jobId', '=', jobId)
      .where('status', '=', FAILED)
      .returning(['deviceId'])
      .execute();
    if (reopened.length === 0) throw new AppError('stateConflict', { message: '该推送没有失败的设备' });
    await ctx.db
      .updateTable('appPushJob')
      .set({ status: 0, failed: sql`failed - ${reopened.length}`, finishedAt: null, updatedAt: nowIso() })
      .where('id', '=', jobId)
      .execute();
    const devices = await ctx.db
      .selectFrom('androidDevice')
      .select(['id', 'deviceNo', 'online', 'appVersion'])
      .where(
        'id',
        'in',
        reopened.map((r) => r.deviceId),
      )
      .execute();
    ctx.audit.targetId = String(jobId);
    // A push job's id, not an app version's: kept out of the version's 操作历史.
    ctx.audit.resource = 'appPushJob';
    ctx.audit.changes = [{ field: 'retried', before: null, after: reopened.length }];
    app.devices.afterCommit(ctx.req, async () => {
      await app.devices.adapter.pushAppUpdate({
        jobId,
        versionName: job.versionName,
        downloadUrl: job.downloadUrl,
        md5: job.md5,
        targets: devices.map((d) => ({
          deviceId: d.id,
          serial: d.deviceNo,
          online: d.online === 1,
          appVersion: d.appVersion,
        })),
      });
    });
    return jobWire(ctx.db, jobId);
  });
}
