import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/scripts/seed/index.js';
import { nowIso } from '../../src/lib/clock.js';

const ROWS_PER_INSERT = 500;

export interface DevicesDatabase {
  url: string;
  adminId: number;
  /** Gateway row id by serial, for matching the socket's events to the devices that changed. */
  idBySerial: Map<string, string>;
}

/** A fresh SQLite file: migrations, the demo data, and `count` gateways of the two demo providers, all off line. */
export async function prepareDevicesDatabase(file: string, count: number): Promise<DevicesDatabase> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const url = `sqlite:${file}`;
  const database = openDatabase(url);
  try {
    const db = database.db;
    await migrateToLatest(db);
    await prepareDatabase(db, loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }));
    await insertBenchGateways(db, count);
    const admin = await db.selectFrom('admin').where('loginName', '=', 'admin').select('id').executeTakeFirstOrThrow();
    const ids = await db
      .selectFrom('gatewayDevice')
      .where('deviceName', 'like', 'BENCHGW%')
      .select(['id', 'deviceName'])
      .execute();
    return { url, adminId: admin.id, idBySerial: new Map(ids.map((r) => [r.deviceName, String(r.id)])) };
  } finally {
    await database.close();
  }
}

/** `count` gateways BENCHGW000000… shared between the two demo providers, all off line (any engine). */
export async function insertBenchGateways(db: Kysely<Database>, count: number): Promise<void> {
  const agents = await db
    .selectFrom('admin')
    .where('loginName', 'in', ['agent1', 'agent2'])
    .select('agentId')
    .execute();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, (_, k) => ({
        deviceName: benchSerial(start + k),
        agentId: agents[(start + k) % agents.length]?.agentId ?? null,
        storeId: null,
        ip: '',
        firmwareVersion: 'V2.1.0',
        communicationStatus: 0,
        lastSeenAt: null,
        boundAt: null,
        deviceCode: '',
        restarting: 0,
        remark: '',
        createdAt: now,
        updatedAt: now,
        version: 1,
      }));
      await trx.insertInto('gatewayDevice').values(rows).execute();
    }
  });
}

export function benchSerial(n: number): string {
  return `BENCHGW${String(n).padStart(6, '0')}`;
}
