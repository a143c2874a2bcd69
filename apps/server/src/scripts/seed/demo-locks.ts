import type { Insertable, Kysely } from 'kysely';
import type { LockCommandTable } from '../../db/tables/locks.js';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';

const DAY = 86_400_000;
const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY - minutes * 60_000).toISOString();

// Each demo provider's first gateway-equipped stores: one per lock set-up a venue meets (a
// pushed M1 set-up, one changed since its push, an ID-card venue whose last push failed).
const setups = [
  {
    vendor: 1,
    protocol: 1,
    cardType: 1,
    cardSector: 2,
    sectorKey: 'A0A1A2A3A4A5',
    lockerCount: 240,
    lockerStart: 1,
    pushStatus: 2,
  },
  {
    vendor: 2,
    protocol: 2,
    cardType: 2,
    cardSector: 8,
    sectorKey: 'FFFFFFFFFFFF',
    lockerCount: 120,
    lockerStart: 101,
    pushStatus: 0,
  },
  { vendor: 3, protocol: 4, cardType: 4, cardSector: 0, sectorKey: '', lockerCount: 60, lockerStart: 1, pushStatus: 3 },
];

/** IC 手环控制 demo: lock integrations of stores with gateways, and a short command history. */
export async function seedDemoLocks(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const commands: Insertable<LockCommandTable>[] = [];
  for (const agentId of [agents.a, agents.b]) {
    const stores = await db
      .selectFrom('gatewayDevice as g')
      .innerJoin('store as s', 's.id', 'g.storeId')
      .select(['s.id as storeId', 'g.deviceName'])
      .where('g.agentId', '=', agentId)
      .orderBy('s.id')
      .limit(10)
      .execute();
    const seen = new Set<number>();
    const picked = stores.filter((s) => (seen.has(s.storeId) ? false : (seen.add(s.storeId), true))).slice(0, 3);
    for (const [i, store] of picked.entries()) {
      const setup = setups[i]!;
      const created = ago(40 - i * 5);
      const pushedAt = setup.pushStatus === 2 ? ago(12, 30) : null;
      const lock = await db
        .insertInto('lockIntegration')
        .values({
          agentId,
          storeId: store.storeId,
          ...setup,
          status: 1,
          pushedAt,
          remark: i === 1 ? '二楼新增 40 个柜门，待重新下发' : '',
          createdAt: created,
          updatedAt: pushedAt ?? created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const log: [command: number, target: string, ok: boolean, message: string, daysAgo: number][] =
        i === 2
          ? [[1, '60 个柜门', false, '锁控板无应答（RS485 通讯失败）', 3]]
          : [
              [1, `${setup.lockerCount} 个柜门`, true, `已下发 ${setup.lockerCount} 个柜门的配置`, 12],
              [2, `${setup.lockerStart + 17} 号柜`, true, `${setup.lockerStart + 17} 号柜门已打开`, 6],
              [3, '04A1B2C3', false, '读卡器未检测到手环', 2],
              [3, '04A1B2C3', true, '手环 04A1B2C3 已清除', 2],
              [2, `${setup.lockerStart + 3} 号柜`, true, `${setup.lockerStart + 3} 号柜门已打开`, 1],
            ];
      for (const [n, [command, target, ok, message, days]] of log.entries()) {
        const at = ago(days, 60 - n);
        commands.push({
          agentId,
          integrationId: lock.id,
          storeId: store.storeId,
          command,
          target,
          status: ok ? 1 : 2,
          message,
          gatewaySerial: store.deviceName,
          operatorName: '前台值班',
          finishedAt: at,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  }
  // In the order they happened, as live commands are (the log lists newest id first).
  commands.sort((x, y) => x.createdAt.localeCompare(y.createdAt));
  if (commands.length > 0) await db.insertInto('lockCommand').values(commands).execute();
  // The demo's free auth codes grant the first edition.
  const edition = await db.selectFrom('edition').select('id').orderBy('sort').orderBy('id').executeTakeFirst();
  if (edition)
    await db.updateTable('freeAuthCode').set({ editionId: edition.id }).where('editionId', 'is', null).execute();
}
