import { randomInt } from 'node:crypto';
import {
  agentApplicationResource,
  agentEndpoints,
  agentMenuEndpoints,
  agentResource,
  chinaDayCompact,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { announcePermissionChange } from '../permissions/announce.js';
import { buildMenuTree, loadScopeMenus } from '../permissions/menu-tree.js';
import { registerAgentExamine } from './examine.js';

const PENDING = 0;
const ACTIVE = 1;
const FROZEN = 2;
const REJECTED = 4;

/** FW + yyMMdd (China date) + 4 random digits, the same shape as self-registered providers' numbers. */
async function freeAgentNo(ctx: RequestContext): Promise<string> {
  const ymd = chinaDayCompact();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const agentNo = `FW${ymd}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const taken = await ctx.db.selectFrom('agent').where('agentNo', '=', agentNo).select('id').executeTakeFirst();
    if (!taken) return agentNo;
  }
  throw new Error('no free agent number after 20 attempts');
}

async function readAgent(ctx: RequestContext, id: number) {
  const row = await ctx.db
    .selectFrom('agent')
    .where('id', '=', id)
    .where('status', '<>', REJECTED)
    .where('direct', '=', 0)
    .select(['id', 'status', 'level', 'remark'])
    .executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return row;
}

/** Agent-scope catalogue ids only: a provider can never be granted a platform screen. */
async function checkAgentMenus(ctx: RequestContext, wire: string[]): Promise<number[]> {
  const ids = [...new Set(wire.map((v) => Number(v)))];
  if (ids.length === 0) return ids;
  const found = await ctx.db
    .selectFrom('menu')
    .where('id', 'in', ids)
    .where('scope', '=', 'agent')
    .select('id')
    .execute();
  if (found.length !== ids.length) throw fieldError('menuIds', '所选菜单不存在或不是服务商菜单');
  return ids;
}

async function replaceGrants(ctx: RequestContext, agentId: number, menuIds: number[]) {
  const before = await ctx.db.selectFrom('agentMenu').where('agentId', '=', agentId).select('menuId').execute();
  await ctx.db.deleteFrom('agentMenu').where('agentId', '=', agentId).execute();
  for (let i = 0; i < menuIds.length; i += 200) {
    await ctx.db
      .insertInto('agentMenu')
      .values(menuIds.slice(i, i + 200).map((menuId) => ({ agentId, menuId })))
      .execute();
  }
  const was = before.map((r) => String(r.menuId)).sort();
  const now = menuIds.map(String).sort();
  // The grant is part of the provider's record: its 操作历史 shows menu changes.
  ctx.audit.resource = 'agent';
  ctx.audit.targetId = String(agentId);
  if (was.join() !== now.join()) ctx.audit.changes = [{ field: 'menuIds', before: was, after: now }];
}

/** Providers (服务商管理): CRUD, freeze/unfreeze, review of applications and their menu grants. */
export function registerAgents(app: FastifyInstance): void {
  registerResource(app, agentResource, 'agent', {
    // A rejected application was never a provider; it stays on the review screen only. The
    // reserved direct-run provider is the platform's own (直营配置), never an ordinary provider.
    where: (eb) => eb.and([eb(sql.ref('t.status'), '<>', REJECTED), eb(sql.ref('t.direct'), '=', 0)]),
    hooks: {
      beforeCreate: async (values, _input, ctx) => ({
        ...values,
        agentNo: await freeAgentNo(ctx),
        status: ACTIVE,
        openedAt: nowIso(),
        direct: 0,
      }),
    },
  });
  registerResource(app, agentApplicationResource, 'agent', {
    where: (eb) => eb(sql.ref('t.status'), 'in', [PENDING, REJECTED]),
  });

  bindEndpoint(app, agentEndpoints.freeze, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const agent = await readAgent(ctx, id);
    ctx.audit.targetId = String(id);
    const [from, to] = query.freeze === 1 ? [ACTIVE, FROZEN] : [FROZEN, ACTIVE];
    if (agent.status !== from) {
      throw new AppError('stateConflict', {
        message: query.freeze === 1 ? '只有正常状态的服务商可以冻结' : '只有已冻结的服务商可以解冻',
      });
    }
    await ctx.db
      .updateTable('agent')
      .set({ status: to, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
    ctx.audit.changes = diffFields({ status: from }, { status: to });
    if (to === FROZEN) {
      // Signed-in operators are signed out at once (their consoles hear it live), not left on a console that answers 403.
      const operators = await ctx.db.selectFrom('admin').where('agentId', '=', id).select('id').execute();
      for (const operator of operators) await app.sessions.revokeAdmin(ctx.db, operator.id, '所属服务商已冻结');
    }
    // Operators' cached permissions depend on their provider's status.
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'agentMenu', { agentId: id, ids: [id], action: 'update' });
    return null;
  });

  registerAgentExamine(app);

  bindEndpoint(app, agentMenuEndpoints.getMenu, async (_input, ctx) => {
    const menus = await loadScopeMenus(ctx.db, 'agent');
    return buildMenuTree(menus, new Set(menus.map((m) => m.url)));
  });

  bindEndpoint(app, agentMenuEndpoints.create, async ({ body }, ctx) => {
    const agentId = toDbId(body.aic);
    await readAgent(ctx, agentId);
    const has = await ctx.db.selectFrom('agentMenu').where('agentId', '=', agentId).select('menuId').executeTakeFirst();
    if (has) throw new AppError('stateConflict', { message: '该服务商已设置菜单权限，请修改' });
    await replaceGrants(ctx, agentId, await checkAgentMenus(ctx, body.menuIds));
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'agentMenu', { agentId, ids: [agentId], action: 'update' });
    return null;
  });

  bindEndpoint(app, agentMenuEndpoints.update, async ({ body }, ctx) => {
    const agentId = toDbId(body.aic);
    await readAgent(ctx, agentId);
    await replaceGrants(ctx, agentId, await checkAgentMenus(ctx, body.menuIds));
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'agentMenu', { agentId, ids: [agentId], action: 'update' });
    return null;
  });

  bindEndpoint(app, agentMenuEndpoints.delete, async ({ query }, ctx) => {
    const agentId = toDbId(query.aic);
    await readAgent(ctx, agentId);
    await replaceGrants(ctx, agentId, []);
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'agentMenu', { agentId, ids: [agentId], action: 'delete' });
    return null;
  });
}
