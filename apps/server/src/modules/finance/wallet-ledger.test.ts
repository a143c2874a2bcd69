import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { sampleEnterprise } from '../../db/sample-rows.js';

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T };

describe('enterprise wallet: the balance always equals the sum of its ledger', () => {
  let t: TestApp;
  let platform: TestOperator;

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({
      permissions: ['enterpriseWallet.adjust', 'enterpriseWallet.create', 'enterpriseWallet.get'],
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async <T = unknown>(url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, headers: platform.headers, payload })).json<Envelope<T>>();

  /** An empty wallet of a new provider's enterprise. */
  const openWallet = async () => {
    const agentId = (await createTestOperator(t, { adminType: 1, permissions: [] })).agentId!;
    const enterpriseId = await sampleEnterprise(t.database.db, agentId);
    return call<{ id: string }>('/enterpriseWallet/create', {
      agentId: String(agentId),
      enterpriseId: String(enterpriseId),
      status: 1,
    });
  };

  it('after many concurrent recharges and deductions, some refused for want of balance', async () => {
    const opened = await openWallet();
    const id = opened.data.id;
    // A fixed mix: recharges of 1–9 元 and deductions of 2–13 元, fired all at once.
    const moves = Array.from({ length: 40 }, (_, i) => ({
      direction: i % 3 === 0 ? 1 : 2,
      amount: i % 3 === 0 ? 100 * (1 + (i % 9)) : 100 * (2 + (i % 12)),
    }));
    const results = await Promise.all(
      moves.map((m) =>
        call('/enterpriseWallet/adjust', { id, ...m, kind: 4, remark: `并发调整 ${m.direction}-${m.amount}` }),
      ),
    );
    expect(results.every((r) => r.errCode === 0 || r.errCode === 409003)).toBe(true);
    expect(results.filter((r) => r.errCode === 0).length).toBeGreaterThan(10);
    expect(results.some((r) => r.errCode === 409003)).toBe(true);

    const db = t.database.db;
    const wallet = await db
      .selectFrom('enterpriseWallet')
      .where('id', '=', Number(id))
      .selectAll()
      .executeTakeFirstOrThrow();
    const ledger = await db
      .selectFrom('walletLedger')
      .where('walletId', '=', Number(id))
      .orderBy('id')
      .selectAll()
      .execute();
    const signed = ledger.reduce((sum, e) => sum + (e.direction === 1 ? e.amount : -e.amount), 0);
    expect(ledger).toHaveLength(results.filter((r) => r.errCode === 0).length);
    expect(wallet.balance).toBe(signed);
    expect(wallet.balance).toBeGreaterThanOrEqual(0);
    // Each entry's running balance follows from the one before: no two adjustments read the same balance.
    let running = 0;
    for (const e of ledger) {
      running += e.direction === 1 ? e.amount : -e.amount;
      expect(e.balanceAfter).toBe(running);
    }
    // And the same check in SQL over every wallet, as an operations query would run it.
    const mismatches = await sql<{ id: number }>`
      select w.id from enterprise_wallet w
      left join wallet_ledger l on l.wallet_id = w.id
      group by w.id, w.balance
      having w.balance <> coalesce(sum(case when l.direction = 1 then l.amount else -l.amount end), 0)`.execute(db);
    expect(mismatches.rows).toEqual([]);
  });

  it('a refused deduction leaves neither a ledger entry nor a balance change', async () => {
    const opened = await openWallet();
    const refused = await call('/enterpriseWallet/adjust', {
      id: opened.data.id,
      direction: 2,
      kind: 4,
      amount: 1,
      remark: '扣款测试',
    });
    expect(refused.errCode).toBe(409003);
    const entries = await t.database.db
      .selectFrom('walletLedger')
      .where('walletId', '=', Number(opened.data.id))
      .select('id')
      .execute();
    expect(entries).toEqual([]);
    const foreign = await call('/enterpriseWallet/adjust', {
      id: '987654321',
      direction: 1,
      kind: 1,
      amount: 100,
      remark: '不存在的钱包',
    });
    expect(foreign.errCode).toBe(404001);
  });
});
