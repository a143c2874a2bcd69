import {
  agentVoiceCodeResource,
  chinaDayCompact,
  voiceCodeEndpoints,
  voiceCodeResource,
  voiceCodeSumField,
} from '@console/contract';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { sampleVoiceCode } from '../../db/sample-rows.js';
import type { ResourceSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { requireActiveAgent } from '../agents/active-agent.js';
import { voiceCodePrice, voiceCodeSelfService } from '../system-config/values.js';
import { bindVoiceCode } from './bind.js';
import { providerBalance } from './charge.js';

const joins = (qb: ResourceSelect): ResourceSelect =>
  qb.leftJoin('agent as a', 'a.id', 't.agentId').leftJoin('androidDevice as d', 'd.id', 't.deviceId');
const columns = { agentName: 'a.name', deviceNo: 'd.deviceNo' };
const USED = 2;
const VOID = 3;

// Codes avoid 0/O and 1/I so they can be read out and typed without mistakes.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
function newCode(): string {
  let s = '';
  for (let i = 0; i < 12; i += 1) s += ALPHABET[randomInt(0, ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** Voice codes: batches, allocation to providers, and binding to one device each. */
export function registerVoice(app: FastifyInstance): void {
  registerResource(app, voiceCodeResource, 'voiceCode', { joins, columns });
  registerResource(app, agentVoiceCodeResource, 'voiceCode', {
    joins,
    columns,
    seed: ({ db, agentId }) => sampleVoiceCode(db, agentId),
  });

  bindEndpoint(app, voiceCodeEndpoints.pageSum, async ({ body }, ctx) => {
    let q = ctx.db
      .selectFrom('voiceCode')
      .select(['status', sql<number>`count(*)`.as('count'), sql<number>`coalesce(sum(price), 0)`.as('amount')])
      .groupBy('status');
    if (body.agentId) q = q.where('agentId', '=', toDbId(body.agentId));
    if (body.batchNo) q = q.where('batchNo', '=', body.batchNo);
    const rows = await q.execute();
    const sum = { total: 0, unallocated: 0, allocated: 0, used: 0, voided: 0, amount: 0 };
    for (const row of rows) {
      const field = voiceCodeSumField[row.status as keyof typeof voiceCodeSumField];
      sum[field] = Number(row.count);
      sum.total += Number(row.count);
      sum.amount += Number(row.amount);
    }
    return sum;
  });

  // A code on a device stays; unallocated and allocated ones can be withdrawn, all or none.
  bindEndpoint(app, voiceCodeEndpoints.void, async ({ body }, ctx) => {
    const ids = [...new Set(body.ids.map(toDbId))];
    const rows = await ctx.db.selectFrom('voiceCode').select(['id', 'code', 'status']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw new AppError('recordNotFound');
    const stuck = rows.find((r) => r.status === USED || r.status === VOID);
    if (stuck) {
      const why = stuck.status === USED ? '已绑定设备，不能作废' : '已作废';
      throw new AppError('stateConflict', { message: `语音码 ${stuck.code} ${why}` });
    }
    const now = nowIso();
    const result = await ctx.db
      .updateTable('voiceCode')
      .set({ status: VOID, remark: body.reason, updatedAt: now, version: sql`version + 1` })
      .where('id', 'in', ids)
      .where('status', 'in', [0, 1])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== ids.length) {
      throw new AppError('versionConflict', { message: '部分语音码刚被使用或作废，请刷新后重试' });
    }
    ctx.audit.targetId = ids.join(',').slice(0, 200);
    ctx.audit.changes = rows.map((r) => ({ field: `status#${r.code}`, before: r.status, after: VOID }));
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: 'voiceCode',
      agentId: null,
      ids: ids.map(String),
      action: 'update',
    });
    return { voided: ids.length };
  });

  bindEndpoint(app, voiceCodeEndpoints.create, async ({ body }, ctx) => {
    const price = body.price ?? (await voiceCodePrice(ctx.db));
    const now = nowIso();
    const batchNo = `VB${chinaDayCompact(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const codes = new Set<string>();
    while (codes.size < body.count) codes.add(newCode());
    const rows = [...codes].map((code) => ({
      code,
      batchNo,
      status: 0,
      price,
      remark: body.remark,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await ctx.db
        .insertInto('voiceCode')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    ctx.audit.targetId = batchNo;
    emitAfterCommit(ctx.req, 'resourceChanged', { resource: 'voiceCode', agentId: null, ids: [], action: 'create' });
    return { batchNo, count: rows.length };
  });

  // All or nothing: the conditional UPDATE takes only codes still unallocated, so two concurrent
  // allocations never share a code; fewer than asked rolls the whole allocation back.
  bindEndpoint(app, voiceCodeEndpoints.allocate, async ({ query }, ctx) => {
    const agentId = toDbId(query.agentId);
    await requireActiveAgent(ctx, agentId, '该服务商不是正常状态，不能分配');
    let pick = ctx.db.selectFrom('voiceCode').select('id').where('status', '=', 0).orderBy('id').limit(query.count);
    if (query.batchNo) pick = pick.where('batchNo', '=', query.batchNo);
    const ids = (await pick.execute()).map((r) => r.id);
    if (ids.length < query.count) {
      throw fieldError('count', `可分配的语音码不足（剩余 ${ids.length} 个）`);
    }
    const now = nowIso();
    const result = await ctx.db
      .updateTable('voiceCode')
      .set({ status: 1, agentId, allocatedAt: now, updatedAt: now, version: sql`version + 1` })
      .where('id', 'in', ids)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== query.count) {
      throw new AppError('versionConflict', { message: '部分语音码刚被分配，请重试' });
    }
    ctx.audit.targetId = String(agentId);
    ctx.audit.changes = [{ field: 'allocated', before: null, after: query.count }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: 'voiceCode',
      agentId,
      ids: ids.map(String),
      action: 'update',
    });
    return { allocated: query.count };
  });

  bindEndpoint(app, voiceCodeEndpoints.take, ({ query }, ctx) => bindVoiceCode(ctx, toDbId(query.deviceId)));
  bindEndpoint(app, voiceCodeEndpoints.obtain, async ({ query }, ctx) => {
    if (!(await voiceCodeSelfService(ctx.db))) {
      throw new AppError('stateConflict', { message: '平台已关闭服务商自助领取语音码，请联系平台绑定' });
    }
    return bindVoiceCode(ctx, toDbId(query.deviceId), { charged: true });
  });

  bindEndpoint(app, voiceCodeEndpoints.price, async (_input, ctx) => {
    // One platform price; a provider pays it from its balance for each code it takes for a device.
    const price = await voiceCodePrice(ctx.db);
    return { price, balance: ctx.scope.agentId === null ? null : await providerBalance(ctx, ctx.scope.agentId) };
  });
}
