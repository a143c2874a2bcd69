import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { prepareDatabase } from './index.js';

const TENANT_TABLES = [
  'contract',
  'collection',
  'account_record',
  'store_payment',
  'provider_payment',
  'payment_merchant',
  'enterprise_wallet',
  'wallet_ledger',
  'marketing_template',
  'sms_recycling',
  'applet_authorization',
  'free_auth_code',
  'parameter',
];
const PLATFORM_TABLES = [
  'sms_channel',
  'official_account',
  'custom_menu',
  'ip_restriction',
  'edition',
  'error_log',
  'sms_log',
];

describe('demo data of the money, messaging and operations area', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await prepareDatabase(db.db, { seedDemo: true });
  });
  afterAll(async () => {
    await db.drop();
  });

  // Provider applications (pending 0, rejected 4) are not providers yet: they own no rows.
  const agentIds = async () =>
    (await db.db.selectFrom('agent').where('status', 'not in', [0, 4]).select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );

  it('gives every demo provider rows in every list of the area', async () => {
    const agents = await agentIds();
    expect(agents.length).toBeGreaterThanOrEqual(3);
    for (const table of TENANT_TABLES) {
      const rows = await sql<{ agentId: number; n: number }>`
        select agent_id as "agentId", count(*) as n from ${sql.table(table)} group by agent_id`.execute(db.db);
      const covered = new Set(rows.rows.map((r) => Number(r.agentId)));
      for (const id of agents) expect(covered.has(id), `${table} for provider ${id}`).toBe(true);
    }
    for (const table of PLATFORM_TABLES) {
      const n = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.db);
      expect(Number(n.rows[0]?.n), table).toBeGreaterThan(0);
    }
  });

  it('shows every status a screen filters by, and ledgers that add up', async () => {
    const statuses = async (table: string, column: string) =>
      (await sql<{ v: number }>`select distinct ${sql.ref(column)} as v from ${sql.table(table)}`.execute(db.db)).rows
        .map((r) => Number(r.v))
        .sort();
    expect(await statuses('payment_merchant', 'status')).toEqual([0, 1, 2, 4]);
    expect(await statuses('marketing_template', 'review_status')).toEqual([0, 1, 2]);
    expect(await statuses('sms_log', 'status')).toEqual([1, 2]);
    // 短信记录 never shows an initial password: it stays in the text as sent.
    const leaked = await sql<{
      n: number;
    }>`select count(*) as n from sms_log where purpose = 1 and content not like '%******%'`.execute(db.db);
    expect(Number(leaked.rows[0]?.n)).toBe(0);
    expect(await statuses('free_auth_code', 'status')).toEqual([0, 1, 2]);
    const wallets = await db.db.selectFrom('enterpriseWallet').select(['id', 'balance']).execute();
    for (const w of wallets) {
      const last = await db.db
        .selectFrom('walletLedger')
        .where('walletId', '=', w.id)
        .orderBy('id', 'desc')
        .select('balanceAfter')
        .executeTakeFirstOrThrow();
      expect(last.balanceAfter).toBe(w.balance);
    }
    // No enabled allow rule: the demo's own sign-ins must never be locked out.
    const allows = await db.db
      .selectFrom('ipRestriction')
      .where('ruleType', '=', 1)
      .where('status', '=', 1)
      .select('id')
      .execute();
    expect(allows).toEqual([]);
  });
});
