import { agentEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generatePassword } from '../../credentials/generate-password.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { insertAccount } from '../admins/account-fields.js';
import { grantAllAgentMenus } from './grant-agent-menus.js';
import { deliverAfterCommit, maskPhone, pickChannel, queueSms } from '../sms/sms-log.js';

const PENDING = 0;
const ACTIVE = 1;
const REJECTED = 4;
const PROVIDER_ADMIN = 1;
const PURPOSE_PASSWORD = 1;
const PURPOSE_REVIEW = 2;

/** The applicant's phone as login name (what they will remember), or the provider number when taken. */
async function freeLoginName(ctx: RequestContext, phone: string, agentNo: string): Promise<string> {
  for (const candidate of [phone, agentNo, `${agentNo}-${phone.slice(-4)}`]) {
    const taken = await ctx.db.selectFrom('admin').where('loginName', '=', candidate).select('id').executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new AppError('stateConflict', { message: '无法为该服务商生成登录账号，请联系技术支持' });
}

function announce(ctx: RequestContext, id: number): void {
  for (const resource of ['agent', 'agentApplication']) {
    emitAfterCommit(ctx.req, 'resourceChanged', { resource, agentId: null, ids: [String(id)], action: 'update' });
  }
}

/**
 * 服务商审核. Approval opens the provider with the default agent menu and its first administrator
 * (adminType 1); the initial password exists only in the SMS to the applicant (and the logged
 * 短信记录) and must be changed at first sign-in. A rejection is kept with its reason and texted.
 */
export function registerAgentExamine(app: FastifyInstance): void {
  bindEndpoint(app, agentEndpoints.examine, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const agent = await ctx.db.selectFrom('agent').where('id', '=', id).selectAll().executeTakeFirst();
    if (!agent) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (agent.version !== body.version) throw new AppError('versionConflict');
    if (agent.status !== PENDING) throw new AppError('stateConflict', { message: '该申请已审核' });
    const now = nowIso();
    const patch = body.approve
      ? {
          status: ACTIVE,
          openedAt: now,
          reviewedAt: now,
          rejectReason: '',
          ...(body.level !== undefined ? { level: body.level } : {}),
          ...(body.remark !== undefined ? { remark: body.remark } : {}),
        }
      : { status: REJECTED, reviewedAt: now, rejectReason: body.reason ?? '' };
    // Without a channel the password could reach nobody: refuse before anything changes.
    if (body.approve && !(await pickChannel(ctx.db))) {
      throw new AppError('stateConflict', { message: '没有启用的短信通道，无法发送初始密码，请先在 短信通道 中启用' });
    }
    const done = await ctx.db
      .updateTable('agent')
      .set({ ...patch, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .where('status', '=', PENDING)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.changes = diffFields(agent, patch);
    announce(ctx, id);

    if (!body.approve) {
      ctx.audit.action = '驳回服务商入驻申请';
      const smsId = await queueSms(ctx.db, {
        phone: agent.contactPhone,
        purpose: PURPOSE_REVIEW,
        agentId: id,
        content: `您提交的服务商入驻申请「${agent.name}」未通过审核，原因：${patch.rejectReason}。如有疑问请联系平台客服。`,
      });
      deliverAfterCommit(app, ctx, [smsId]);
      return { loginName: null, phone: maskPhone(agent.contactPhone), smsLogId: String(smsId) };
    }

    ctx.audit.action = '通过服务商入驻申请';
    await grantAllAgentMenus(ctx.db, id);
    const loginName = await freeLoginName(ctx, agent.contactPhone, agent.agentNo);
    const password = generatePassword(14);
    await insertAccount(ctx, {
      loginName,
      name: agent.contactName,
      phone: agent.contactPhone,
      email: '',
      adminType: PROVIDER_ADMIN,
      agentId: id,
      password,
    });
    ctx.audit.changes.push({ field: 'adminLoginName', before: null, after: loginName });
    const smsId = await queueSms(ctx.db, {
      phone: agent.contactPhone,
      purpose: PURPOSE_PASSWORD,
      agentId: id,
      content: `您的服务商「${agent.name}」入驻申请已通过审核。登录账号：${loginName}，初始密码：${password}，首次登录后请立即修改密码。`,
      secrets: [password],
    });
    deliverAfterCommit(app, ctx, [smsId]);
    return { loginName, phone: maskPhone(agent.contactPhone), smsLogId: String(smsId) };
  });
}
