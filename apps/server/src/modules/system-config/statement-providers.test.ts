import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsSimulator } from '../../adapters/payments/index.js';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { introduceProvidersToPaymentsSimulator } from './statement-providers.js';

describe('the payments simulator learns the platform providers it bills', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    (t.app.payments as PaymentsSimulator).configure({ statementMs: [0, 0], unavailableRate: 0 });
  });
  afterAll(() => t.close());

  it('names the providers the platform has on its statements, and now and then one it does not', async () => {
    const agentId = await createTestAgent(t.database.db, { name: '对账服务商' });
    const own = await t.database.db
      .selectFrom('agent')
      .select('agentNo')
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    const before = await t.app.payments.dailyStatement('2026-10-01');
    expect(before.some((l) => l.agentNo === own.agentNo)).toBe(false);

    await introduceProvidersToPaymentsSimulator(t.app);
    const known = new Set(
      (await t.database.db.selectFrom('agent').select('agentNo').where('status', '=', 1).execute()).map(
        (r) => r.agentNo,
      ),
    );
    const lines = [];
    for (let d = 1; d <= 28; d += 1)
      lines.push(...(await t.app.payments.dailyStatement(`2026-10-${String(d).padStart(2, '0')}`)));
    const named = lines.filter((l) => l.agentNo !== '');
    expect(named.some((l) => l.agentNo === own.agentNo)).toBe(true);
    expect(named.some((l) => !known.has(l.agentNo))).toBe(true);
    expect(named.every((l) => known.has(l.agentNo) || l.agentNo === 'FW0000000')).toBe(true);
  });
});
