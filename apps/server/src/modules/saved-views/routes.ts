import { SAVED_VIEW_MAX_PER_LIST, type SavedView, type SavedViewShare, savedViewEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { type Operator, type RequestContext, requireOperator } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { ListAccess } from './list-access.js';
import { parseState, visibleViews } from './visible-views.js';

const RESOURCE = 'savedView';

/** Who may share how: a role only by the platform, the provider's staff only by its admin. */
async function checkShare(ctx: RequestContext, operator: Operator, share: SavedViewShare, roleId?: string | null) {
  if (share === 'role') {
    if (operator.adminType !== 0) throw fieldError('share', '只有平台人员可以共享给角色');
    if (!roleId) throw fieldError('roleId', '请选择共享的角色');
    const role = await ctx.db.selectFrom('role').select('id').where('id', '=', toDbId(roleId)).executeTakeFirst();
    if (!role) throw fieldError('roleId', '角色不存在');
    return role.id;
  }
  if (share === 'provider' && operator.adminType !== 1) throw fieldError('share', '只有服务商管理员可以共享给员工');
  return null;
}

/** The caller's own view, or 404001: another's view answers exactly like a missing one. */
async function ownView(ctx: RequestContext, operator: Operator, id: string) {
  const row = await ctx.db
    .selectFrom('savedView')
    .selectAll()
    .where('id', '=', toDbId(id))
    .where('ownerId', '=', operator.id)
    .executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return row;
}

async function nameTaken(ctx: RequestContext, operator: Operator, listKey: string, name: string, except?: number) {
  let q = ctx.db
    .selectFrom('savedView')
    .select('id')
    .where('ownerId', '=', operator.id)
    .where('listKey', '=', listKey)
    .where('name', '=', name);
  if (except !== undefined) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw fieldError('name', '已有同名视图');
}

/**
 * Saved list views (issue 30 part 3): an operator's named filters, sort, columns and page size of
 * one list, shared with a role or the provider's staff, and a default per list. The list key's
 * page permission guards every call but delete (an operator may always clear out their own).
 */
export function registerSavedViewRoutes(app: FastifyInstance): void {
  const access = new ListAccess(app);

  bindEndpoint(app, savedViewEndpoints.list, async ({ query }, ctx) => {
    const operator = requireOperator(ctx);
    const list = access.listOf(ctx, query.listKey);
    const rows = await visibleViews(ctx.db, operator, query.listKey)
      .orderBy('v.name')
      .orderBy('v.id')
      .limit(SAVED_VIEW_MAX_PER_LIST * 4)
      .execute();
    const seen = new Map<string, boolean>();
    const views: SavedView[] = [];
    for (const row of rows) {
      const state = parseState(row.state);
      const mine = row.ownerId === operator.id;
      // The owner set these values and may read them; anyone else gets them only within their own scope.
      const unavailable = mine ? [] : await access.unavailable(ctx, list, state, seen);
      const filters = Object.fromEntries(Object.entries(state.filters).filter(([k]) => !unavailable.includes(k)));
      views.push({
        id: String(row.id),
        listKey: row.listKey,
        name: row.name,
        state: { ...state, filters },
        unavailable,
        share: row.share as SavedViewShare,
        roleId: row.roleId === null ? null : String(row.roleId),
        mine,
        ownerName: row.ownerName,
        isDefault: row.defaultOf !== null,
        version: row.version,
        updatedAt: row.updatedAt,
      });
    }
    return { list: views };
  });

  bindEndpoint(app, savedViewEndpoints.create, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    access.listOf(ctx, body.listKey);
    const roleId = await checkShare(ctx, operator, body.share, body.roleId);
    const count = await ctx.db
      .selectFrom('savedView')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ownerId', '=', operator.id)
      .where('listKey', '=', body.listKey)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= SAVED_VIEW_MAX_PER_LIST)
      throw fieldError('name', `每个列表最多保存 ${SAVED_VIEW_MAX_PER_LIST} 个视图`);
    await nameTaken(ctx, operator, body.listKey, body.name);
    const now = nowIso();
    const row = await ctx.db
      .insertInto('savedView')
      .values({
        ownerId: operator.id,
        agentId: operator.adminType === 0 ? null : operator.agentId,
        listKey: body.listKey,
        name: body.name,
        state: JSON.stringify(body.state),
        share: body.share,
        roleId,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.audit.targetId = String(row.id);
    ctx.audit.resource = RESOURCE;
    return { id: String(row.id) };
  });

  bindEndpoint(app, savedViewEndpoints.update, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const view = await ownView(ctx, operator, body.id);
    access.listOf(ctx, view.listKey);
    if (view.version !== body.version) throw new AppError('versionConflict');
    const share = body.share ?? (view.share as SavedViewShare);
    const roleId =
      body.share === undefined && body.roleId === undefined
        ? view.roleId
        : await checkShare(ctx, operator, share, body.roleId === undefined ? String(view.roleId ?? '') : body.roleId);
    if (body.name !== undefined) await nameTaken(ctx, operator, view.listKey, body.name, view.id);
    const patch = {
      name: body.name ?? view.name,
      state: body.state ? JSON.stringify(body.state) : view.state,
      share,
      roleId,
    };
    const result = await ctx.db
      .updateTable('savedView')
      .set({ ...patch, version: view.version + 1, updatedAt: nowIso() })
      .where('id', '=', view.id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.targetId = String(view.id);
    ctx.audit.resource = RESOURCE;
    ctx.audit.changes = (['name', 'share', 'roleId'] as const)
      .filter((field) => patch[field] !== view[field])
      .map((field) => ({ field, before: view[field], after: patch[field] }));
    if (patch.state !== view.state) ctx.audit.changes.push({ field: 'state', before: null, after: null });
    return null;
  });

  bindEndpoint(app, savedViewEndpoints.delete, async ({ query }, ctx) => {
    const operator = requireOperator(ctx);
    const view = await ownView(ctx, operator, query.id);
    await ctx.db.deleteFrom('savedViewDefault').where('viewId', '=', view.id).execute();
    await ctx.db.deleteFrom('savedView').where('id', '=', view.id).execute();
    ctx.audit.targetId = String(view.id);
    ctx.audit.resource = RESOURCE;
    return null;
  });

  bindEndpoint(app, savedViewEndpoints.setDefault, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    access.listOf(ctx, body.listKey);
    const mine = ctx.db
      .deleteFrom('savedViewDefault')
      .where('adminId', '=', operator.id)
      .where('listKey', '=', body.listKey);
    ctx.audit.resource = RESOURCE;
    if (body.id === null) {
      await mine.execute();
      return null;
    }
    // Only a view the caller sees on this list can be their default; any other is missing to them.
    const view = await visibleViews(ctx.db, operator, body.listKey)
      .where('v.id', '=', toDbId(body.id))
      .executeTakeFirst();
    if (!view) throw new AppError('recordNotFound');
    await mine.execute();
    await ctx.db
      .insertInto('savedViewDefault')
      .values({ adminId: operator.id, listKey: body.listKey, viewId: view.id })
      .execute();
    ctx.audit.targetId = String(view.id);
    return null;
  });
}
