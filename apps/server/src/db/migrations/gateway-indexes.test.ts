import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, testEngine } from '../../../test/test-app.js';

// The gateway list's indexes differ by engine on purpose (0070, 0071): these pin that down.
describe('gateway list indexes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  async function indexNames(): Promise<string[]> {
    const found =
      testEngine === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'gateway_device'`.execute(database.db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'gateway_device'`.execute(database.db);
    return found.rows.map((r) => r.name);
  }

  it('has the sorted-page indexes on both engines, the count-probe index on PostgreSQL only', async () => {
    const names = await indexNames();
    expect(names).toEqual(
      expect.arrayContaining([
        'gateway_device_agent_id_created_at_id',
        'gateway_device_agent_id_communication_status_created_at_id',
        'gateway_device_communication_status_created_at_id',
      ]),
    );
    expect(names.includes('gateway_device_agent_id_communication_status_id')).toBe(testEngine === 'postgres');
  });

  it.runIf(testEngine === 'sqlite')('SQLite walks a status-filtered page in index order, with no sort', async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select t.created_at, t.id from gateway_device t
      where t.agent_id = ${2} and t.communication_status = ${1}
      order by t.created_at desc, t.id desc limit 20 offset 100`.execute(database.db);
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toContain('gateway_device_agent_id_communication_status_created_at_id');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
