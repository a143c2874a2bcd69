import { appVersionEndpoints, appVersionResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { RowCodec } from '../../crud/codec.js';
import { registerResource } from '../../crud/register-resource.js';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { fileUrl } from '../files/file-url.js';
import { storedFileFor } from '../files/stored.js';
import { registerPushRetry } from './push-retry.js';

/** App releases, the latest-version lookup, and pushes to a company group's terminals. */
export function registerAppPush(app: FastifyInstance): void {
  registerResource(app, appVersionResource, 'appVersion', {
    hooks: {
      beforeCreate: async (values, input, ctx) => {
        await mustGrow(ctx.db, input.app, input.versionCode);
        const file = await storedFileFor(ctx.db, input.packageKey, 'appPackage', 'packageKey');
        const { packageKey: _key, ...rest } = values;
        // The address and checksum are the server's own record of the upload, never typed.
        return { ...rest, downloadUrl: fileUrl(app, file.key, 'appPackage'), md5: file.md5, publishedAt: nowIso() };
      },
      beforeUpdate: (patch, existing) => {
        for (const field of ['app', 'versionName', 'versionCode'] as const) {
          if (patch[field] !== undefined && patch[field] !== existing[field]) {
            throw fieldError(field, '已发布版本的应用、版本号和序号不能修改，请发布新版本');
          }
        }
        return patch;
      },
      beforeDelete: async (existing, ctx) => {
        const used = await ctx.db
          .selectFrom('appPushJob')
          .select('id')
          .where('appVersionId', '=', existing.id as number)
          .executeTakeFirst();
        if (used) throw new AppError('stateConflict', { message: '该版本已推送过，不能删除' });
      },
    },
  });
  const codec = new RowCodec(appVersionResource);

  bindEndpoint(app, appVersionEndpoints.lastVersion, async ({ query }, ctx) => {
    const row = await ctx.db
      .selectFrom('appVersion')
      .selectAll()
      .where('app', '=', query.app)
      .orderBy('versionCode', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? codec.toEntity(row) : null;
  });

  bindEndpoint(app, appVersionEndpoints.push, async ({ body }, ctx) => {
    const versionId = toDbId(body.appVersionId);
    const groupId = toDbId(body.companyGroupId);
    const version = await ctx.db.selectFrom('appVersion').selectAll().where('id', '=', versionId).executeTakeFirst();
    if (!version) throw fieldError('appVersionId', '版本不存在');
    if (version.app !== 1) throw fieldError('appVersionId', '只能向安卓房间终端推送终端版本');
    const group = await ctx.db.selectFrom('companyGroup').select('id').where('id', '=', groupId).executeTakeFirst();
    if (!group) throw fieldError('companyGroupId', '分组不存在');
    // Every terminal in the stores of the group's enterprises, except banned ones.
    const devices = await ctx.db
      .selectFrom('androidDevice as d')
      .innerJoin('store as s', 's.id', 'd.storeId')
      .innerJoin('companyGroupMember as m', 'm.enterpriseId', 's.enterpriseId')
      // A terminal without a store belongs to no enterprise, so no group reaches it.
      .select(['d.id', 'd.deviceNo', 'd.agentId', 's.id as storeId', 'd.online', 'd.appVersion'])
      .where('m.groupId', '=', groupId)
      .where('d.banned', '=', 0)
      .where('s.status', '<>', 4)
      .execute();
    if (devices.length === 0) throw fieldError('companyGroupId', '该分组下没有可推送的安卓设备');
    const now = nowIso();
    const job = await ctx.db
      .insertInto('appPushJob')
      .values({
        appVersionId: versionId,
        companyGroupId: groupId,
        status: 0,
        total: devices.length,
        succeeded: 0,
        failed: 0,
        createdBy: ctx.operator?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < devices.length; i += 200) {
      await ctx.db
        .insertInto('appPushResult')
        .values(
          devices.slice(i, i + 200).map((d) => ({
            jobId: job.id,
            deviceId: d.id,
            agentId: d.agentId,
            storeId: d.storeId,
            status: 0,
            message: '',
            createdAt: now,
          })),
        )
        .execute();
    }
    ctx.audit.targetId = String(job.id);
    // A push job's id, not an app version's: kept out of the version's 操作历史.
    ctx.audit.resource = 'appPushJob';
    // Sent after commit: the devices' reports then find their result rows.
    app.devices.afterCommit(ctx.req, async () => {
      await app.devices.adapter.pushAppUpdate({
        jobId: job.id,
        versionName: version.versionName,
        downloadUrl: version.downloadUrl,
        md5: version.md5,
        targets: devices.map((d) => ({
          deviceId: d.id,
          serial: d.deviceNo,
          online: d.online === 1,
          appVersion: d.appVersion,
        })),
      });
    });
    return jobWire(ctx.db, job.id);
  });

  registerPushRetry(app, jobWire);

  bindEndpoint(app, appVersionEndpoints.pushJobs, async ({ query }, ctx) => {
    let q = jobQuery(ctx.db).orderBy('j.id', 'desc').limit(100);
    if (query.appVersionId) q = q.where('j.appVersionId', '=', toDbId(query.appVersionId));
    return (await q.execute()).map(toJob);
  });

  bindEndpoint(app, appVersionEndpoints.pushJobDetail, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const job = await jobWire(ctx.db, id);
    const results = await ctx.db
      .selectFrom('appPushResult as r')
      .innerJoin('androidDevice as d', 'd.id', 'r.deviceId')
      .innerJoin('store as s', 's.id', 'r.storeId')
      .select(['r.id', 'r.deviceId', 'd.deviceNo', 'd.name as deviceName', 's.name as storeName', 'r.agentId'])
      .select(['r.status', 'r.message', 'r.reportedAt'])
      .where('r.jobId', '=', id)
      .orderBy('r.id')
      .execute();
    return {
      ...job,
      results: results.map((r) => ({
        ...r,
        id: String(r.id),
        deviceId: String(r.deviceId),
        agentId: String(r.agentId),
        status: r.status as 0 | 1 | 2 | 3 | 4,
      })),
    };
  });
}

function jobQuery(db: Kysely<Database>) {
  return db
    .selectFrom('appPushJob as j')
    .innerJoin('appVersion as v', 'v.id', 'j.appVersionId')
    .innerJoin('companyGroup as g', 'g.id', 'j.companyGroupId')
    .select(['j.id', 'j.appVersionId', 'v.versionName', 'j.companyGroupId', 'g.name as companyGroupName'])
    .select(['j.status', 'j.total', 'j.succeeded', 'j.failed', 'j.createdAt', 'j.finishedAt']);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobQuery>['executeTakeFirstOrThrow']>>;
function toJob(r: JobRow) {
  return {
    ...r,
    id: String(r.id),
    appVersionId: String(r.appVersionId),
    companyGroupId: String(r.companyGroupId),
    status: r.status as 0 | 1 | 2,
  };
}

/** A new release's sequence number must pass every earlier one of the same app (devices compare it). */
async function mustGrow(db: Kysely<Database>, appKind: number, versionCode: number): Promise<void> {
  const latest = await db
    .selectFrom('appVersion')
    .select('versionCode')
    .where('app', '=', appKind)
    .orderBy('versionCode', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && versionCode <= latest.versionCode) {
    throw fieldError('versionCode', `版本序号需大于当前最新版本的 ${latest.versionCode}`);
  }
}

export async function jobWire(db: Kysely<Database>, id: number) {
  const row = await jobQuery(db).where('j.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return toJob(row);
}
