import {
  APPLET_AUTH_DAYS,
  type AnyResource,
  EXPIRING_WITHIN_DAYS,
  appletAuthEndpoints,
  appletAuthorizationResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppletGrant } from '../../adapters/wechat/index.js';
import { RowCodec, parseId } from '../../crud/codec.js';
import { ResourceQuery } from '../../crud/query.js';
import { registerResource } from '../../crud/register-resource.js';
import {
  type DbRow,
  type ResourceEb,
  type ResourceSelect,
  type ResourceOptions,
  anyTableDb,
} from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { sampleEnterprise } from '../../db/sample-rows.js';
import { wechatAppError } from './wechat-errors.js';

const AUTHORIZED = 1;
const REVOKED = 2;
const DAY_MS = 86_400_000;
const TABLE = 'applet_authorization';

/** The store, when given, must be one of the enterprise's (both already scoped to the provider by `refs`). */
async function checkStore(ctx: RequestContext, storeId: unknown, enterpriseId: unknown): Promise<void> {
  if (typeof storeId !== 'number') return;
  const store = await ctx.db
    .selectFrom('store')
    .where('id', '=', storeId)
    .where('enterpriseId', '=', Number(enterpriseId))
    .select('id')
    .executeTakeFirst();
  if (!store) throw fieldError('storeId', '门店不属于所选企业');
}

const options: ResourceOptions<typeof appletAuthorizationResource> = {
  joins: (qb: ResourceSelect) =>
    qb
      .leftJoin('enterprise as e', 'e.id', 't.enterpriseId')
      .leftJoin('store as s', 's.id', 't.storeId')
      .leftJoin('agent as a', 'a.id', 't.agentId'),
  columns: { enterpriseName: 'e.name', storeName: 's.name', agentName: 'a.name' },
  refs: { enterpriseId: { table: 'enterprise', tenant: true }, storeId: { table: 'store', tenant: true } },
  customFilters: {
    // Authorised mini-programs only: a revoked one's old expiry is no reminder.
    expiry: (eb: ResourceEb, value) => {
      const now = nowIso();
      const authorized = eb(sql.ref('t.authStatus'), '=', AUTHORIZED);
      if (value === 2) return eb.and([authorized, eb(sql.ref('t.expireAt'), '<', now)]);
      const soon = new Date(Date.now() + EXPIRING_WITHIN_DAYS * DAY_MS).toISOString();
      return eb.and([authorized, eb(sql.ref('t.expireAt'), '>=', now), eb(sql.ref('t.expireAt'), '<=', soon)]);
    },
  },
  hooks: {
    beforeCreate: async (values, _input, ctx) => {
      await checkStore(ctx, values.storeId, values.enterpriseId);
      return { ...values, authStatus: 0, releaseStatus: 0, lastError: '' };
    },
    beforeUpdate: async (patch, existing, _input, ctx) => {
      if (patch.appId !== undefined && patch.appId !== existing.appId && existing.authStatus === AUTHORIZED) {
        throw new AppError('stateConflict', { message: '已授权的小程序不能修改 AppID，请先取消授权' });
      }
      if (patch.storeId !== undefined || patch.enterpriseId !== undefined) {
        await checkStore(ctx, patch.storeId ?? existing.storeId, patch.enterpriseId ?? existing.enterpriseId);
      }
      return patch;
    },
    beforeDelete: (existing) => {
      if (existing.authStatus === AUTHORIZED)
        throw new AppError('stateConflict', { message: '小程序仍在授权中，请先取消授权再删除' });
    },
  },
  sample: async ({ db, agentId }) => ({
    enterpriseId: String(await sampleEnterprise(db, agentId)),
    appId: `wx${Math.floor(Math.random() * 2 ** 52)
      .toString(16)
      .padStart(16, '0')
      .slice(0, 16)}`,
    appletName: '样例汤泉会员',
    principalName: '杭州样例休闲服务有限公司',
    codeVersion: '',
    remark: '',
  }),
};

type Call = 'authorize' | 'renew' | 'revoke';
/** What each call requires of the row, and what WeChat's answer changes. */
const calls: Record<
  Call,
  {
    allowed: (row: DbRow) => string | null;
    remote: (app: FastifyInstance, row: DbRow) => Promise<AppletGrant | null>;
    patch: (grant: AppletGrant | null, row: DbRow) => DbRow;
  }
> = {
  authorize: {
    allowed: (row) => (row.authStatus === AUTHORIZED ? '该小程序已授权，如需延长请续期' : null),
    remote: (app, row) => app.wechat.authorizeApplet(String(row.appId), APPLET_AUTH_DAYS),
    patch: (grant) => ({ authStatus: AUTHORIZED, authorizedAt: nowIso(), expireAt: grant!.expireAt }),
  },
  renew: {
    allowed: (row) => (row.authStatus === AUTHORIZED ? null : '只有已授权的小程序可以续期'),
    remote: (app, row) =>
      app.wechat.renewApplet(
        String(row.appId),
        typeof row.expireAt === 'string' ? row.expireAt : nowIso(),
        APPLET_AUTH_DAYS,
      ),
    patch: (grant) => ({ expireAt: grant!.expireAt }),
  },
  revoke: {
    allowed: (row) => (row.authStatus === AUTHORIZED ? null : '该小程序未授权，无需取消'),
    remote: (app, row) => app.wechat.revokeApplet(String(row.appId)).then(() => null),
    patch: () => ({ authStatus: REVOKED, expireAt: null }),
  },
};

/**
 * 商户小程序: a provider's merchant mini-programs, and their authorisation to the platform
 * through WeChat (authorise, renew, revoke). WeChat is asked before the transaction opens; a
 * refusal keeps the status, is answered with WeChat's reason and stays on the row as `lastError`.
 */
export function registerAppletAuth(app: FastifyInstance): void {
  registerResource(app, appletAuthorizationResource, TABLE, options);
  const generic = options as ResourceOptions<AnyResource>;
  const q = new ResourceQuery(appletAuthorizationResource, TABLE, generic);
  const codec = new RowCodec(appletAuthorizationResource);
  /** The stored row within the operator's provider scope. */
  const stored = async (ctx: RequestContext, id: number) =>
    await anyTableDb(ctx)
      .selectFrom(`${TABLE} as t`)
      .where(q.scoped(ctx))
      .where(sql.ref('t.id'), '=', id)
      .selectAll('t')
      .executeTakeFirst();
  const announce = (ctx: RequestContext, row: DbRow, now: boolean) => {
    const event = {
      resource: appletAuthorizationResource.name,
      agentId: Number(row.agentId),
      ids: [String(row.id)],
      action: 'update' as const,
    };
    if (now) app.events.emit('resourceChanged', event);
    else emitAfterCommit(ctx.req, 'resourceChanged', event);
  };

  for (const [name, call] of Object.entries(calls) as [Call, (typeof calls)[Call]][]) {
    bindEndpoint<(typeof appletAuthEndpoints)[Call], AppletGrant | null>(
      app,
      appletAuthEndpoints[name],
      async ({ body }, ctx, grant) => {
        const id = parseId(body.id);
        ctx.audit.targetId = String(id);
        const existing = await stored(ctx, id);
        if (!existing) throw new AppError('recordNotFound');
        const patch = { ...call.patch(grant, existing), lastError: '' };
        const done = await anyTableDb(ctx)
          .updateTable(`${TABLE} as t`)
          .set({ ...patch, updatedAt: nowIso(), version: sql`version + 1` })
          .where(sql.ref('t.id'), '=', id)
          .where(sql.ref('t.version'), '=', body.version)
          .where(q.scoped(ctx))
          .executeTakeFirst();
        // Saved by someone else while WeChat was answering.
        if (Number(done.numUpdatedRows) === 0) throw new AppError('versionConflict');
        ctx.audit.changes = diffFields(existing, patch);
        announce(ctx, existing, false);
        const row = await q.readById(anyTableDb(ctx), ctx, id);
        if (!row) throw new AppError('recordNotFound');
        return codec.toEntity(row);
      },
      {
        prepare: async ({ body }, ctx) => {
          const id = parseId(body.id);
          ctx.audit.targetId = String(id);
          const row = await stored(ctx, id);
          if (!row) throw new AppError('recordNotFound');
          if (Number(row.version) !== body.version) throw new AppError('versionConflict');
          const refusal = call.allowed(row);
          if (refusal) throw new AppError('stateConflict', { message: refusal });
          try {
            return await call.remote(app, row);
          } catch (err) {
            const failure = wechatAppError(err);
            // The reason stays on the row (the failed attempt is in the operation log too).
            await app.db
              .updateTable('appletAuthorization')
              .set({ lastError: failure.message })
              .where('id', '=', id)
              .execute();
            announce(ctx, row, true);
            throw failure;
          }
        },
      },
    );
  }
}
