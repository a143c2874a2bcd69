import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleStore } from '../../db/sample-rows.js';
import { rebuildRollups } from '../reports/rollup-rebuild.js';
import { rebuildListSums } from './list-sum-rebuild.js';

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T };
interface Row {
  id: string;
  version: number;
  agentId: string;
  item: number;
  amount: number;
  status: number;
  refundAmount: number;
}
interface Sums {
  count: number;
  paidAmount: number;
  refundAmount: number;
  netAmount: number;
}

/** The sums computed on the client from the rows themselves. */
const sumRows = (rows: Row[]): Sums => {
  const paidAmount = rows.filter((r) => r.status === 1 || r.status === 2).reduce((s, r) => s + r.amount, 0);
  const refundAmount = rows.reduce((s, r) => s + r.refundAmount, 0);
  return { count: rows.length, paidAmount, refundAmount, netAmount: paidAmount - refundAmount };
};

describe('payment records: sums over the list’s filters, refunds', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agents: number[];

  const call = async <T = unknown>(op: TestOperator, url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, headers: op.headers, payload })).json<Envelope<T>>();
  /** Every row the list shows for these filters, page by page. */
  const allRows = async (prefix: string, filters: object) => {
    const rows: Row[] = [];
    for (let offset = 1; offset < 20; offset += 1) {
      const page = await call<{ list: Row[] }>(platform, `${prefix}/page`, { ...filters, offset, size: 50 });
      if (!page.data) throw new Error(`${prefix} ${JSON.stringify(filters)}: ${JSON.stringify(page)}`);
      rows.push(...page.data.list);
      if (page.data.list.length < 50) break;
    }
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const perms = ['saasPayment', 'saasRecord', 'saasRecordList'].flatMap((p) => [`${p}.page`, `${p}.get`]);
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [...perms, 'saasPayment.refund', 'saasRecord.refund'],
    });
    const db = t.database.db;
    agents = [];
    for (let a = 0; a < 3; a += 1)
      agents.push((await createTestOperator(t, { adminType: 1, permissions: [] })).agentId!);
    const now = new Date().toISOString();
    // A deterministic spread of amounts, products, channels, statuses and months.
    for (let i = 0; i < 90; i += 1) {
      const agentId = agents[i % 3]!;
      const storeId = await sampleStore(db, agentId);
      const status = [1, 1, 1, 0, 3, 1][i % 6]!;
      const paidAt = status === 1 ? `2026-${String(1 + (i % 9)).padStart(2, '0')}-15T04:00:00.000Z` : null;
      const common = {
        agentId,
        storeId,
        channel: 1 + (i % 4),
        status,
        paidAt,
        remark: '',
        createdAt: now,
        updatedAt: now,
      };
      await db
        .insertInto('storePayment')
        .values({ ...common, paymentNo: `JFT${i}`, item: 1 + (i % 5), months: 12, amount: 1_000 + 37 * i })
        .execute();
      await db
        .insertInto('providerPayment')
        .values({
          ...common,
          recordNo: `FWT${i}`,
          item: 1 + (i % 6),
          quantity: 1 + (i % 3),
          unitPrice: 9_800,
          amount: 9_800 * (1 + (i % 3)),
        })
        .execute();
    }
    // Written past the write path (as a generator would): the rollups the sums read are rebuilt.
    await rebuildRollups(db);
    await rebuildListSums(db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refunds a paid record once, at its version, and never an unpaid or unknown one', async () => {
    for (const prefix of ['/saasPayment', '/saasRecord']) {
      const paid = (await allRows(prefix, { status: 1 })).slice(0, 6);
      for (const row of paid.slice(0, 5)) {
        const done = await call<Row>(platform, `${prefix}/refund`, {
          id: row.id,
          version: row.version,
          reason: '客户申请退款',
        });
        expect(done.errCode).toBe(0);
        expect(done.data).toMatchObject({ status: 2, refundAmount: row.amount, version: row.version + 1 });
      }
      const again = await call(platform, `${prefix}/refund`, {
        id: paid[0]!.id,
        version: paid[0]!.version + 1,
        reason: '再次退款',
      });
      expect(again.errCode).toBe(409003);
      const stale = await call(platform, `${prefix}/refund`, {
        id: paid[5]!.id,
        version: paid[5]!.version + 7,
        reason: '旧版本',
      });
      expect(stale.errCode).toBe(409001);
      const unpaid = (await allRows(prefix, { status: 0 }))[0]!;
      expect(
        (await call(platform, `${prefix}/refund`, { id: unpaid.id, version: unpaid.version, reason: '未支付' }))
          .errCode,
      ).toBe(409003);
      expect(
        (await call(platform, `${prefix}/refund`, { id: '987654321', version: 1, reason: '不存在' })).errCode,
      ).toBe(404001);
      const noReason = await call(platform, `${prefix}/refund`, {
        id: paid[5]!.id,
        version: paid[5]!.version,
        reason: '',
      });
      expect(noReason.errCode).not.toBe(0);
    }
  });

  it('the sums above each list equal the sums of the rows the list shows, for every filter', async () => {
    const filterSets = [
      {},
      { agentId: String(agents[1]) },
      { status: 2 },
      { item: 3 },
      { channel: 2, agentId: String(agents[0]) },
      { paidAt: { from: '2026-03-01T00:00:00.000Z', to: '2026-06-30T23:59:59.999Z' } },
      { keyword: 'T1' },
    ];
    for (const prefix of ['/saasPayment', '/saasRecord', '/saasRecordList']) {
      for (const filters of filterSets) {
        const rows = await allRows(prefix, filters);
        if (prefix === '/saasRecordList') {
          const grouped = await call<{ rows: (Sums & { agentId: string; item: number })[]; total: Sums }>(
            platform,
            '/saasRecordList/sumsByProvider',
            filters,
          );
          expect(grouped.data.total).toEqual(sumRows(rows));
          for (const g of grouped.data.rows) {
            const { agentId, item, ...sums } = g as Sums & { agentId: string; item: number; agentName: string };
            delete (sums as Partial<{ agentName: string }>).agentName;
            expect(sums).toEqual(sumRows(rows.filter((r) => r.agentId === agentId && r.item === item)));
          }
          expect(grouped.data.rows.reduce((s, g) => s + g.count, 0)).toBe(rows.length);
          continue;
        }
        const sums = await call<Sums>(platform, `${prefix}/sums`, filters);
        expect(sums.errCode).toBe(0);
        expect(sums.data).toEqual(sumRows(rows));
      }
    }
    expect((await call<Sums>(platform, '/saasPayment/sums', { status: 2 })).data.refundAmount).toBeGreaterThan(0);
  });
});
