import { type CustomMenu, customMenuButtons, customMenuEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { toWechatMenu } from './menu-json.js';
import { wechatAppError } from './wechat-errors.js';

const MENU_RESOURCE = 'customMenu';
const PUBLISHING = 1;

const parseButtons = (json: string | null) => (json === null ? null : customMenuButtons.parse(JSON.parse(json)));

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
  const common = { officialAccountId: String(officialAccountId) };
  if (!row) {
    return {
      ...common,
      buttons: [],
      publishStatus: 0,
      publishedAt: null,
      publishError: '',
      liveButtons: null,
      liveSyncedAt: null,
      version: 0,
      updatedAt: null,
    };
  }
  return {
    ...common,
    buttons: parseButtons(row.buttons) ?? [],
    publishStatus: row.publishStatus as CustomMenu['publishStatus'],
    publishedAt: row.publishedAt,
    publishError: row.publishError,
    liveButtons: parseButtons(row.liveButtons),
    liveSyncedAt: row.liveSyncedAt,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/**
 * 公众号自定义菜单: one draft per official account, saved with a version and published to WeChat.
 * Publication is recorded in the transaction and sent after commit; WeChat's answer arrives
 * later and moves the menu to 已发布, or to 发布失败 with WeChat's reason and the draft untouched.
 */
export function registerCustomMenu(app: FastifyInstance): () => void {
  let closed = false;
  const changed = (accountId: number) => ({
    resource: MENU_RESOURCE,
    agentId: null,
    ids: [String(accountId)],
    action: 'update' as const,
  });

  bindEndpoint(app, customMenuEndpoints.accounts, async (_input, ctx) => {
    const rows = await ctx.db
      .selectFrom('officialAccount')
      .select(['id', 'name', 'appId', 'status'])
      .orderBy('id')
      .limit(200)
      .execute();
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  });

  bindEndpoint(app, customMenuEndpoints.get, async ({ query }, ctx) =>
    readMenu(ctx.db, toDbId(query.officialAccountId)),
  );

  bindEndpoint(app, customMenuEndpoints.save, async ({ body }, ctx) => {
    const accountId = toDbId(body.officialAccountId);
    const before = await readMenu(ctx.db, accountId);
    ctx.audit.targetId = String(accountId);
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
          publishedAt: null,
          publishError: '',
          liveButtons: null,
          liveSyncedAt: null,
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
    ctx.audit.changes = [{ field: 'buttons', before: before.buttons, after: body.buttons }];
    emitAfterCommit(ctx.req, 'resourceChanged', changed(accountId));
    return readMenu(ctx.db, accountId);
  });

  bindEndpoint(app, customMenuEndpoints.publish, async ({ body }, ctx) => {
    const accountId = toDbId(body.officialAccountId);
    const menu = await readMenu(ctx.db, accountId);
    ctx.audit.targetId = String(accountId);
    if (menu.version === 0 || menu.buttons.length === 0)
      throw new AppError('stateConflict', { message: '请先保存至少一个菜单再发布' });
    if (menu.version !== body.version) throw new AppError('versionConflict');
    if (menu.publishStatus === PUBLISHING)
      throw new AppError('stateConflict', { message: '菜单正在发布中，请等待微信答复' });
    const account = await ctx.db
      .selectFrom('officialAccount')
      .where('id', '=', accountId)
      .select('status')
      .executeTakeFirstOrThrow();
    if (account.status !== 1) throw new AppError('stateConflict', { message: '公众号未授权，不能发布菜单' });
    await ctx.db
      .updateTable('customMenu')
      .set((eb) => ({
        publishStatus: PUBLISHING,
        publishError: '',
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('officialAccountId', '=', accountId)
      .execute();
    ctx.audit.changes = [{ field: 'publishStatus', before: menu.publishStatus, after: PUBLISHING }];
    // 'create' marks the publication for the listener below, which runs once this has committed.
    emitAfterCommit(ctx.req, 'resourceChanged', { ...changed(accountId), action: 'create' });
    return readMenu(ctx.db, accountId);
  });

  const finish = async (accountId: number, ok: boolean, message: string, at: string) => {
    if (closed) return;
    const menu = await app.db
      .selectFrom('customMenu')
      .where('officialAccountId', '=', accountId)
      .select('buttons')
      .executeTakeFirst();
    const done = await app.db
      .updateTable('customMenu')
      .set((eb) => ({
        publishStatus: ok ? 2 : 3,
        publishError: ok ? '' : message,
        // What WeChat now shows is the published draft.
        ...(ok ? { publishedAt: at, liveButtons: menu?.buttons ?? null, liveSyncedAt: at } : {}),
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('officialAccountId', '=', accountId)
      .where('publishStatus', '=', PUBLISHING)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) app.events.emit('resourceChanged', changed(accountId));
  };
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
      await finish(accountId, false, wechatAppError(err).message, nowIso());
    }
  };
  const unlisten = app.events.on('resourceChanged', (e) => {
    if (e.resource !== MENU_RESOURCE || e.action !== 'create' || closed) return;
    for (const id of e.ids) {
      void publish(Number(id)).catch((err: unknown) => app.log.error({ err }, 'custom menu publication failed'));
    }
  });
  const unsubscribe = app.wechat.onMenuResult(async (r) => {
    const account = await app.db
      .selectFrom('officialAccount')
      .where('appId', '=', r.appId)
      .select('id')
      .executeTakeFirst()
      .catch(() => undefined);
    if (!account) return;
    await finish(account.id, r.ok, r.message, r.at).catch((err: unknown) =>
      app.log.error({ err }, 'custom menu result not recorded'),
    );
  });
  return () => {
    closed = true;
    unlisten();
    unsubscribe();
  };
}
