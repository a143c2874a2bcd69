import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { directAgentId } from '../../http/direct-run.js';
import { callApi } from '../stores/test-fixtures.js';
import { balanceOf } from '../provider-console/balance.js';

type Entry = { id: string; agentId: string; balanceAfter: number; kind: number };

/** 直营 交易记录 调整余额: the platform's own account only, confirmed against the balance it saw. */
describe('direct-run account adjustment', () => {
  let t: TestApp;
  let admin: TestOperator;
  let reader: TestOperator;
  let provider: TestOperator;
  let reserved: number;
  let agentA: number;
  const path = '/saasDirect/accountRecord/adjust';

  beforeAll(async () => {
    t = await createTestApp();
    reserved = await directAgentId(t.database.db);
    agentA = await createTestAgent(t.database.db);
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['directAccountRecord.page', 'directAccountRecord.adjust'],
    });
    reader = await createTestOperator(t, { adminType: 0, permissions: ['directAccountRecord.page'] });
    provider = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['accountRecord.page', 'directAccountRecord.adjust', 'accountRecord.adjust'],
    });
  });
  afterAll(() => t.close());

  const adjust = (op: TestOperator, body: Record<string, unknown>) =>
    callApi<Entry>(t, op, 'POST', path, { direction: 1, kind: 1, amount: 50_000, remark: '对公转账充值', ...body });

  it('books on the reserved provider in the same transaction as the log, against the confirmed balance', async () => {
    const start = await balanceOf(t.database.db, reserved);
    const topUp = await adjust(admin, { balanceBefore: start });
    expect(topUp.errCode, topUp.errMsg).toBe(0);
    expect(topUp.data).toMatchObject({ agentId: String(reserved), balanceAfter: start + 50_000, kind: 1 });
    const log = await t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('path', '=', `/api${path}`)
      .where('targetId', '=', topUp.data.id)
      .executeTakeFirstOrThrow();
    expect(log.result).toBe(1);
    expect(JSON.parse(log.changes)).toEqual([{ field: 'balance', before: start, after: start + 50_000 }]);

    // The balance moved since the operator confirmed: refused, nothing booked.
    const stale = await adjust(admin, { direction: 2, kind: 8, amount: 100, balanceBefore: start });
    expect(stale.errCode).toBe(409001);
    expect(stale.errMsg).toContain('请刷新后重新确认');
    expect(await balanceOf(t.database.db, reserved)).toBe(start + 50_000);

    const overdraw = await adjust(admin, {
      direction: 2,
      kind: 8,
      amount: start + 50_001,
      balanceBefore: start + 50_000,
    });
    expect(overdraw.errCode).toBe(409003);
    expect(overdraw.errMsg).toContain('余额不足');

    const list = await callApi<{ list: Entry[] }>(t, admin, 'POST', '/saasDirect/accountRecord/page', {});
    expect(list.data.list[0]?.id).toBe(topUp.data.id);
    // An ordinary provider's account is untouched.
    expect(await balanceOf(t.database.db, agentA)).toBe(0);
  });

  it('validates the amount, the reason and a top-up that would reduce the balance', async () => {
    const balanceBefore = await balanceOf(t.database.db, reserved);
    const zero = await adjust(admin, { amount: 0, balanceBefore });
    expect(zero.fieldErrors).toHaveProperty('amount');
    const noReason = await adjust(admin, { remark: ' ', balanceBefore });
    expect(noReason.fieldErrors).toHaveProperty('remark');
    const wrongWay = await adjust(admin, { direction: 2, kind: 1, balanceBefore });
    expect(wrongWay.fieldErrors).toHaveProperty('kind');
    const refundKind = await adjust(admin, { kind: 7, balanceBefore });
    expect(refundKind.fieldErrors).toHaveProperty('kind');
    expect(await balanceOf(t.database.db, reserved)).toBe(balanceBefore);
  });

  it('needs its own permission, and a provider operator cannot adjust any balance', async () => {
    const balanceBefore = await balanceOf(t.database.db, reserved);
    const noGrant = await adjust(reader, { balanceBefore });
    expect(noGrant.errCode).toBe(403001);
    const byProvider = await adjust(provider, { balanceBefore: 0 });
    expect(byProvider.errCode).toBe(403001);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: provider.headers,
      payload: { direction: 1, kind: 1, amount: 100, remark: '自己充值', balanceBefore: 0 },
    });
    expect(res.statusCode).toBe(403);
    // The provider's own ledger route has no adjust action, and the platform's route refuses it too.
    expect(
      (
        await callApi(t, provider, 'POST', '/accountRecord/adjust', {
          agentId: String(agentA),
          direction: 1,
          kind: 1,
          amount: 1,
          remark: '自己充值',
        })
      ).errCode,
    ).toBe(403001);
    expect(await balanceOf(t.database.db, agentA)).toBe(0);
    expect(await balanceOf(t.database.db, reserved)).toBe(balanceBefore);
  });
});
