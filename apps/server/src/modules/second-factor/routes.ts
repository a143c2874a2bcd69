import { saasAdminEndpoints, secondFactorEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { type RequestContext, requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { tellAccounts } from '../messages/tell-accounts.js';
import {
  acceptCode,
  confirmEnrolment,
  factorOf,
  factorStatus,
  removeFactor,
  replaceRecoveryCodes,
  roleRequiresFactor,
  startEnrolment,
} from './factor.js';

const RESET_TITLE = '您的两步验证已被管理员重置';

/** Disabling and new recovery codes need a current code (or a recovery code) of the enrolled factor. */
async function requireCode(ctx: RequestContext, adminId: number, code: string): Promise<void> {
  const factor = await factorOf(ctx.db, adminId);
  if (!factor?.enrolledAt) throw new AppError('stateConflict', { message: '尚未启用两步验证' });
  if (!(await acceptCode(ctx.db, adminId, code))) {
    throw new AppError('secondFactorWrong', { fieldErrors: { code: '验证码错误或已使用' } });
  }
}

/** 个人中心 → 两步验证, and the platform's reset of another account's factor (账号管理). */
export function registerSecondFactor(app: FastifyInstance): void {
  const own = secondFactorEndpoints;
  bindEndpoint(app, own.status, async (_input, ctx) => factorStatus(ctx.db, requireOperator(ctx).id));

  bindEndpoint(app, own.start, async (_input, ctx) => {
    const operator = requireOperator(ctx);
    ctx.audit.targetId = String(operator.id);
    const account = await ctx.db
      .selectFrom('admin')
      .where('id', '=', operator.id)
      .select('loginName')
      .executeTakeFirstOrThrow();
    return startEnrolment(ctx.db, operator.id, account.loginName);
  });

  bindEndpoint(app, own.confirm, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    ctx.audit.targetId = String(operator.id);
    return { recoveryCodes: await confirmEnrolment(ctx.db, operator.id, body.code) };
  });

  bindEndpoint(app, own.disable, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    ctx.audit.targetId = String(operator.id);
    if (await roleRequiresFactor(ctx.db, operator.id)) {
      throw new AppError('stateConflict', { message: '所属角色要求两步验证，不能停用' });
    }
    await requireCode(ctx, operator.id, body.code);
    await removeFactor(ctx.db, operator.id);
    return null;
  });

  bindEndpoint(app, own.regenerateRecoveryCodes, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    ctx.audit.targetId = String(operator.id);
    await requireCode(ctx, operator.id, body.code);
    return { recoveryCodes: await replaceRecoveryCodes(ctx.db, operator.id) };
  });

  // Any account (platform or provider operator): the platform admin helps an owner who lost the phone.
  bindEndpoint(app, saasAdminEndpoints.resetSecondFactor, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const operator = requireOperator(ctx);
    ctx.audit.targetId = String(id);
    const account = await ctx.db.selectFrom('admin').where('id', '=', id).select('loginName').executeTakeFirst();
    if (!account) throw new AppError('recordNotFound');
    if (id === operator.id)
      throw new AppError('stateConflict', { message: '不能重置自己的两步验证，请在个人中心操作' });
    if (!(await removeFactor(ctx.db, id))) throw new AppError('stateConflict', { message: '该账号未启用两步验证' });
    ctx.audit.action = `重置两步验证：${account.loginName}`;
    // Platform and provider accounts alike learn of it in their own inbox and bell.
    const told = await tellAccounts(ctx.db, {
      adminIds: [id],
      title: RESET_TITLE,
      text: `平台管理员 ${operator.name} 重置了您账号的两步验证，原验证器和恢复码已失效。如非本人申请，请立即修改密码并联系平台。`,
      link: '/profile/index',
    });
    ctx.reply.raw.once('finish', () => {
      if (ctx.reply.statusCode < 400) void told.publish(app.realtime);
    });
    return null;
  });
}
