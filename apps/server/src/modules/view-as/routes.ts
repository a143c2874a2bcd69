import { type ViewAsMode, type ViewAsSession, viewAsEndpoints, viewAsModeLabels } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ViewAsIdentity } from '../../credentials/operator.js';
import { createViewAsSession, endViewAsSession } from '../../credentials/view-as-sessions.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { type RequestContext, requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import type { Database } from '../../db/types.js';
import { tellAccounts } from '../messages/tell-accounts.js';

const NOTICE_TITLE = '平台以服务商身份查看了您的控制台';
/** Where the provider sees every request of the view, with the admin and the reason. */
const NOTICE_LINK = '/agentLog/agentOperationLog';

/** 2026-12-03 14:05 in China time, for the notice's text. */
function chinaMinute(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The provider's enabled administrators learn who viewed their console, when, how and why. */
async function tellProviderAdmins(db: Kysely<Database>, agentId: number, v: ViewAsIdentity) {
  const admins = await db
    .selectFrom('admin')
    .where('agentId', '=', agentId)
    .where('adminType', '=', PROVIDER_ADMIN)
    .where('open', '=', 1)
    .select('id')
    .execute();
  const why = v.reason ? `，原因：${v.reason}` : '';
  return tellAccounts(db, {
    adminIds: admins.map((a) => a.id),
    title: NOTICE_TITLE,
    text: `平台管理员 ${v.adminName}（${v.adminLoginName}）于 ${chinaMinute(v.startedAt)}（北京时间）以服务商身份查看了您的控制台，方式：${viewAsModeLabels[v.mode]}${why}，最长 30 分钟。期间的每次操作都记录在操作日志中。`,
    link: NOTICE_LINK,
  });
}

/** Statuses of a provider whose console can be viewed: not a rejected application, not the platform's own. */
const REJECTED = 4;
const PROVIDER_ADMIN = 1;

function sessionOf(agentId: number, v: ViewAsIdentity): ViewAsSession {
  return {
    agentId: String(agentId),
    agentName: v.agentName,
    mode: v.mode,
    reason: v.reason,
    startedAt: v.startedAt,
    expiresAt: v.expiresAt,
    adminName: v.adminName,
    adminLoginName: v.adminLoginName,
  };
}

/**
 * Opens a view-as of a provider for the calling platform admin. The view is the provider's
 * administrator's: their oldest enabled account (the one opened with the provider), so the
 * console shows what the provider's own administrator sees.
 */
async function start(ctx: RequestContext, wireAgentId: string, mode: ViewAsMode, reason: string | null) {
  const operator = requireOperator(ctx);
  const agentId = toDbId(wireAgentId);
  ctx.audit.targetId = String(agentId);
  ctx.audit.resource = 'agent';
  const agent = await ctx.db
    .selectFrom('agent')
    .where('id', '=', agentId)
    .where('status', '<>', REJECTED)
    .where('direct', '=', 0)
    .select(['id', 'name'])
    .executeTakeFirst();
  if (!agent) throw new AppError('recordNotFound');
  const account = await ctx.db
    .selectFrom('admin')
    .where('agentId', '=', agentId)
    .where('adminType', '=', PROVIDER_ADMIN)
    .where('open', '=', 1)
    .orderBy('id')
    .select(['id'])
    .executeTakeFirst();
  if (!account) throw new AppError('stateConflict', { message: '该服务商没有可用的管理员账号，无法查看' });
  // A session-less operator (a job run on an account's behalf) has nothing the view could end with.
  if (operator.sessionId <= 0) throw new AppError('notSignedIn');
  const { token, id } = await createViewAsSession(ctx.db, {
    adminId: operator.id,
    sessionId: operator.sessionId,
    agentId,
    accountId: account.id,
    mode,
    reason,
  });
  const row = await ctx.db
    .selectFrom('viewAsSession')
    .where('id', '=', id)
    .select(['startedAt', 'expiresAt'])
    .executeTakeFirstOrThrow();
  ctx.audit.action = `以服务商身份查看（${viewAsModeLabels[mode]}）：${agent.name}`;
  const identity: ViewAsIdentity = {
    id,
    adminId: operator.id,
    adminName: operator.name,
    adminLoginName: operator.loginName,
    mode,
    reason,
    agentName: agent.name,
    startedAt: row.startedAt,
    expiresAt: row.expiresAt,
  };
  const told = await tellProviderAdmins(ctx.db, agentId, identity);
  // The bell rings once the start (and its notice) committed.
  ctx.reply.raw.once('finish', () => {
    if (ctx.reply.statusCode < 400) void told.publish(ctx.req.server.realtime);
  });
  return { token, session: sessionOf(agentId, identity) };
}

/** 以服务商身份查看: start (read-only or with a reason, write mode), the tab's own state, 退出. */
export function registerViewAs(app: FastifyInstance): void {
  bindEndpoint(app, viewAsEndpoints.start, ({ body }, ctx) => start(ctx, body.agentId, 'read', null));
  bindEndpoint(app, viewAsEndpoints.startWrite, ({ body }, ctx) => start(ctx, body.agentId, 'write', body.reason));
  bindEndpoint(app, viewAsEndpoints.current, (_input, ctx) => {
    const operator = requireOperator(ctx);
    const v = operator.viewAs;
    return Promise.resolve(v && operator.agentId !== null ? sessionOf(operator.agentId, v) : null);
  });
  bindEndpoint(app, viewAsEndpoints.end, async (_input, ctx) => {
    const v = requireOperator(ctx).viewAs;
    if (!v) throw new AppError('stateConflict', { message: '当前不是以服务商身份查看' });
    ctx.audit.targetId = String(v.id);
    ctx.audit.action = '结束以服务商身份查看';
    await endViewAsSession(ctx.db, v.id, '退出');
    return null;
  });
}
