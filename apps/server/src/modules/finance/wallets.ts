import { adjustWalletEndpoint, enterpriseWalletResource, walletLedgerEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import type { ResourceSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';

type LedgerRow = {
  id: number;
  walletId: number;
  agentId: number;
  direction: number;
  kind: number;
  amount: number;
  balanceAfter: number;
  remark: string;
  operatorName: string;
  createdAt: string;
};
const ledgerToWire = (r: LedgerRow) => ({
  ...r,
  id: String(r.id),
  walletId: String(r.walletId),
  agentId: String(r.agentId),
});

/** Enterprise wallets: list, freeze, and balance moves that can never go below zero. */
export function registerWallets(app: FastifyInstance): void {
  const joins = {
    joins: (qb: ResourceSelect) =>
      qb.leftJoin('enterprise as e', 'e.id', 't.enterpriseId').leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { enterpriseName: 'e.name', agentName: 'a.name' },
  };
  registerResource(app, enterpriseWalletResource, 'enterprise_wallet', {
    ...joins,
    refs: { enterpriseId: { table: 'enterprise', tenant: true } },
    hooks: {
      beforeCreate: (values) => ({ ...values, balance: 0 }),
      beforeUpdate: (patch, existing) => {
        if (patch.enterpriseId !== undefined && patch.enterpriseId !== existing.enterpriseId) {
          throw new AppError('stateConflict', { message: '钱包开通后不能更换企业' });
        }
        return patch;
      },
    },
  });

  bindEndpoint(app, adjustWalletEndpoint, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const wallet = await ctx.db.selectFrom('enterpriseWallet').where('id', '=', id).selectAll().executeTakeFirst();
    if (!wallet) throw new AppError('recordNotFound');
    const deduct = body.direction === 2;
    if (deduct && wallet.status === 0) throw new AppError('stateConflict', { message: '钱包已冻结，不能扣款' });
    // The condition sits in the UPDATE itself, so two concurrent deductions cannot both pass it.
    let update = ctx.db
      .updateTable('enterpriseWallet')
      .set((eb) => ({
        balance: deduct ? eb('balance', '-', body.amount) : eb('balance', '+', body.amount),
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('id', '=', id);
    if (deduct) update = update.where('balance', '>=', body.amount);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError('stateConflict', { message: '钱包余额不足，不能扣款' });
    }
    const after = await ctx.db
      .selectFrom('enterpriseWallet')
      .where('id', '=', id)
      .selectAll()
      .executeTakeFirstOrThrow();
    const entry = await ctx.db
      .insertInto('walletLedger')
      .values({
        agentId: after.agentId,
        walletId: id,
        direction: body.direction,
        kind: body.kind,
        amount: body.amount,
        balanceAfter: after.balance,
        remark: body.remark,
        operatorName: ctx.operator?.name ?? '',
        createdAt: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'balance', before: wallet.balance, after: after.balance }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: enterpriseWalletResource.name,
      agentId: after.agentId,
      ids: [String(id)],
      action: 'update',
    });
    const names = await ctx.db
      .selectFrom('enterprise as e')
      .innerJoin('agent as a', 'a.id', 'e.agentId')
      .where('e.id', '=', after.enterpriseId)
      .select(['e.name as enterpriseName', 'a.name as agentName'])
      .executeTakeFirst();
    return {
      wallet: {
        ...after,
        id: String(after.id),
        agentId: String(after.agentId),
        enterpriseId: String(after.enterpriseId),
        enterpriseName: names?.enterpriseName ?? null,
        agentName: names?.agentName ?? null,
      },
      entry: ledgerToWire(entry),
    };
  });

  bindEndpoint(app, walletLedgerEndpoint, async ({ body }, ctx) => {
    const walletId = toDbId(body.walletId);
    const exists = await ctx.db
      .selectFrom('enterpriseWallet')
      .where('id', '=', walletId)
      .select('id')
      .executeTakeFirst();
    if (!exists) throw new AppError('recordNotFound');
    const base = ctx.db.selectFrom('walletLedger').where('walletId', '=', walletId);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(body.size)
        .offset((body.offset - 1) * body.size)
        .execute(),
      // A wallet's ledger is short next to the big lists; the cap keeps it bounded all the same.
      ctx.db
        .selectFrom(base.select('id').limit(10_001).as('x'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.n);
    return { total, totalCapped: total > 10_000, list: rows.map(ledgerToWire) };
  });
}
