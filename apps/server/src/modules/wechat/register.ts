import {
  appletAuthorizationResource,
  type CustomMenu,
  customMenuButtons,
  customMenuEndpoints,
  officialAccountResource,
  syncOfficialAccountEndpoint,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type WechatAdapter } from '../../adapters/wechat/index.js';
import { registerResource } from '../../crud/register-resource.js';
import type { LooseSelect } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { sampleEnterprise } from '../../db/sample-rows.js';
import { toWechatMenu } from './menu-json.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** WeChat's open platform (simulator by default). */
    wechat: WechatAdapter;
  }
}

const MENU_RESOURCE = 'customMenu';

async function readMenu(db: Kysely<Database>, officialAccountId: number): Promise<CustomMenu> {
  const account = await db
    .selectFrom('officialAccount')
    .where('id', '=', officialAccountId)
    .select('id')
    .executeTakeFirst();
  if (!account) throw new AppError('recordNotFound');
  const row = await db
    .selectFrom('customMenu')
    .where('officialAccountId', '=', officialAccountId)
    .selectAll()
    .executeTakeFirst();
  if (!row) {
    return {
      officialAccountId: String(officialAccountId),
      buttons: [],
      publishStatus: 0,
      publishedAt: null,
      publishError: '',
      version: 0,
      updatedAt: null,
    };
  }
  return {
    officialAccountId: String(officialAccountId),
    buttons: customMenuButtons.parse(JSON.parse(row.buttons)),
    publishStatus: row.publishStatus as CustomMenu['publishStatus'],
    publishedAt: row.publishedAt,
    publishError: row.publishError,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** Official accounts (with a sync from WeChat), their custom menus, and merchant mini-programs. */
export function registerWechat(app: FastifyInstance): void {
  let closed = false;

  registerResource(app, officialAccountResource, 'official_account', {
    hooks: { beforeCreate: (values) => ({ ...values, verified: 0, status: 0, followerCount: 0 }) },
  });
  bindEndpoint(app, syncOfficialAccountEndpoint, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const account = await ctx.db.selectFrom('officialAccount').where('id', '=', id).selectAll().executeTakeFirst();
    if (!account) throw new AppError('recordNotFound');
    const info = await app.wechat.getAccountInfo(account.appId).catch((err: unknown) => {
      throw new AppError('unavailable', { message: err instanceof Error ? err.message : undefined });
    });
    const status = info.authorized ? 1 : 0;
    const row = await ctx.db
      .updateTable('officialAccount')
      .set((eb) => ({
        followerCount: info.followerCount,
        verified: info.verified ? 1 : 0,
        status,
        authorizedAt: status === 1 ? (account.authorizedAt ?? nowIso()) : null,
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    app.events.emit('resourceChanged', {
      resource: officialAccountResource.name,
      agentId: null,
      ids: [String(id)],
      action: 'update',
    });
    return { ...row, id: String(row.id) };
  });

  bindEndpoint(app, customMenuEndpoints.get, async ({ query }, ctx) =>
    readMenu(ctx.db, toDbId(query.officialAccountId)),
  );

  bindEndpoint(app, customMenuEndpoints.save, async ({ body }, ctx) => {
    const accountId = toDbId(body.officialAccountId);
    const before = await readMenu(ctx.db, accountId);
    if (before.version !== body.version) throw new AppError('versionConflict');
    const now = nowIso();
    const buttons = JSON.stringify(body.buttons);
    if (before.version === 0) {
      await ctx.db
        .insertInto('customMenu')
        .values({
          officialAccountId: accountId,
          buttons,
          publishStatus: 0,
          publishError: '',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    } else {
      const done = await ctx.db
        .updateTable('customMenu')
        .set((eb) => ({ buttons, publishStatus: 0, publishError: '', version: eb('version', '+', 1), updatedAt: now }))
        .where('officialAccountId', '=', accountId)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw new AppError('versionConflict');
    }
    ctx.audit.targetId = String(accountId);
    ctx.audit.changes = [{ field: 'buttons', before: before.buttons, after: body.buttons }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: MENU_RESOURCE,
      agentId: null,
      ids: [String(accountId)],
      action: 'update',
    });
    return readMenu(ctx.db, accountId);
  });

  // Publication is recorded in the transaction and sent to WeChat after commit; WeChat's answer
  // arrives later and moves the menu to 已发布 or 发布失败.
  bindEndpoint(app, customMenuEndpoints.publish, async ({ body }, ctx) => {
    const accountId = toDbId(body.officialAccountId);
    const menu = await readMenu(ctx.db, accountId);
    if (menu.version === 0 || menu.buttons.length === 0)
      throw new AppError('stateConflict', { message: '请先保存菜单再发布' });
    const account = await ctx.db
      .selectFrom('officialAccount')
      .where('id', '=', accountId)
      .selectAll()
      .executeTakeFirstOrThrow();
    if (account.status !== 1) throw new AppError('stateConflict', { message: '公众号未授权，不能发布菜单' });
    await ctx.db
      .updateTable('customMenu')
      .set((eb) => ({ publishStatus: 1, publishError: '', version: eb('version', '+', 1), updatedAt: nowIso() }))
      .where('officialAccountId', '=', accountId)
      .execute();
    ctx.audit.targetId = String(accountId);
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: MENU_RESOURCE,
      agentId: null,
      ids: [String(accountId)],
      action: 'create',
    });
    return readMenu(ctx.db, accountId);
  });

  const publish = async (accountId: number) => {
    const menu = await readMenu(app.db, accountId);
    const account = await app.db
      .selectFrom('officialAccount')
      .where('id', '=', accountId)
      .select('appId')
      .executeTakeFirstOrThrow();
    try {
      await app.wechat.publishMenu(account.appId, toWechatMenu(menu.buttons));
    } catch (err) {
      await finish(account.appId, false, err instanceof Error ? err.message : '发布失败', nowIso());
    }
  };
  const finish = async (appId: string, ok: boolean, message: string, at: string) => {
    if (closed) return;
    const account = await app.db
      .selectFrom('officialAccount')
      .where('appId', '=', appId)
      .select('id')
      .executeTakeFirst();
    if (!account) return;
    await app.db
      .updateTable('customMenu')
      .set((eb) => ({
        publishStatus: ok ? 2 : 3,
        publishError: ok ? '' : message,
        ...(ok ? { publishedAt: at } : {}),
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('officialAccountId', '=', account.id)
      .where('publishStatus', '=', 1)
      .execute();
    app.events.emit('resourceChanged', {
      resource: MENU_RESOURCE,
      agentId: null,
      ids: [String(account.id)],
      action: 'update',
    });
  };
  app.events.on('resourceChanged', (e) => {
    if (e.resource !== MENU_RESOURCE || e.action !== 'create' || closed) return;
    for (const id of e.ids) {
      void publish(Number(id)).catch((err: unknown) => app.log.error({ err }, 'custom menu publication failed'));
    }
  });
  const unsubscribe = app.wechat.onMenuResult((r) =>
    finish(r.appId, r.ok, r.message, r.at).catch((err: unknown) =>
      app.log.error({ err }, 'custom menu result not recorded'),
    ),
  );
  app.addHook('onClose', () => {
    closed = true;
    unsubscribe();
    app.wechat.close();
  });

  registerResource(app, appletAuthorizationResource, 'applet_authorization', {
    joins: (qb: LooseSelect) => qb.leftJoin('enterprise as e', 'e.id', 't.enterpriseId'),
    columns: { enterpriseName: 'e.name' },
    refs: { enterpriseId: { table: 'enterprise', tenant: true } },
    hooks: { beforeCreate: (values) => ({ ...values, authStatus: 0, releaseStatus: 0 }) },
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
  });
}
