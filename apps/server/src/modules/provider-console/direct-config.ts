import { directConfigEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { directAgentId } from '../../http/direct-run.js';
import { diffFields } from '../../http/redact.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { balanceOf } from './balance.js';

async function readConfig(ctx: RequestContext, agentId: number) {
  const agent = await ctx.db
    .selectFrom('agent')
    .where('id', '=', agentId)
    .select(['id', 'version', 'agentNo', 'name', 'contactName', 'contactPhone', 'region', 'address', 'remark'])
    .executeTakeFirstOrThrow();
  const count = (table: 'store' | 'enterprise') =>
    ctx.db
      .selectFrom(table)
      .where('agentId', '=', agentId)
      .where((eb) => (table === 'store' ? eb('status', '<>', 4) : eb.lit(true)))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
  const [stores, enterprises] = await Promise.all([count('store'), count('enterprise')]);
  return {
    ...agent,
    id: String(agent.id),
    balance: await balanceOf(ctx.db, agentId),
    storeCount: Number(stores.n),
    enterpriseCount: Number(enterprises.n),
  };
}

/** 直营配置: the reserved provider's name and contacts (what its stores' receipts and contracts carry). */
export function registerDirectConfig(app: FastifyInstance): void {
  bindEndpoint(app, directConfigEndpoints.get, async (_input, ctx) => readConfig(ctx, await directAgentId(app.db)));

  bindEndpoint(app, directConfigEndpoints.update, async ({ body }, ctx) => {
    const agentId = await directAgentId(app.db);
    // The settings are the reserved provider's own row: its 操作历史 shows them.
    ctx.audit.resource = 'agent';
    ctx.audit.targetId = String(agentId);
    const existing = await ctx.db.selectFrom('agent').where('id', '=', agentId).selectAll().executeTakeFirstOrThrow();
    const { version, ...patch } = body;
    const result = await ctx.db
      .updateTable('agent')
      .set({ ...patch, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', agentId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.changes = diffFields(existing, patch);
    return readConfig(ctx, agentId);
  });
}
