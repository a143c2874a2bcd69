import { type Kysely, sql } from 'kysely';
import { createListIndexes } from './list-indexes.js';

// The platform's reserved direct-run (直营) provider: the owner of the stores the platform runs
// itself, worked on through the /saasDirectStore screens. Every installation has exactly one
// (the demo seed used to create it; an installation seeded earlier keeps the one it has). It is
// never listed as an ordinary provider (服务商管理 and the provider pickers leave it out).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Migrations see no table types; this one reads and writes one known table (type-level only).
  const typed = db.withTables<{ agent: Record<string, string | number | null> }>();
  const found = await typed.selectFrom('agent').select('id').where('direct', '=', 1).executeTakeFirst();
  if (!found) {
    const now = new Date().toISOString();
    await typed
      .insertInto('agent')
      .values({
        agent_no: 'ZY0000001',
        name: '平台直营',
        kind: 1,
        contact_name: '平台运营部',
        contact_phone: '4008206600',
        region: '',
        address: '',
        level: 1,
        status: 1,
        opened_at: now,
        expire_at: null,
        web_price: null,
        staff_applet_price: null,
        remark: '平台自营门店所属的保留服务商，请勿停用',
        direct: 1,
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .execute();
  }
  // One reserved provider, ever: a second row with direct = 1 is refused by the database.
  await sql`create unique index agent_direct_once on agent (direct) where direct = 1`.execute(db);
  // 服务商管理 lists every provider but the reserved one: its sorts and filters seek direct = 0 first.
  await createListIndexes(db, {
    agent: [
      ['direct', 'id'],
      ['direct', 'created_at', 'id'],
      ['direct', 'name', 'id'],
      ['direct', 'status', 'created_at', 'id'],
      ['direct', 'level', 'created_at', 'id'],
      ['direct', 'kind', 'created_at', 'id'],
    ],
  });
}
