import type { Kysely } from 'kysely';
import type { Rng } from '../../adapters/devices/rng.js';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';
import type { DemoClock } from './demo-clock.js';
import { between, pick } from './scale-names.js';

/** A demo store as the devices seeder needs it (demo-domain.ts writes the stores). */
export interface DemoStoreRow {
  id: number;
  agentId: number;
  enterpriseId: number;
  status: number;
  floors: number;
}

const FIRMWARE = ['V2.3.1', 'V2.3.0', 'V2.2.6'];
const TERMINAL_VERSIONS = ['2.4.0', '2.3.1', '2.2.0'];
const ROOM_LABELS: Record<number, string> = {
  1: '包间',
  2: '大厅',
  3: '足疗房',
  4: '桑拿房',
  5: '休息厅',
  6: '更衣室',
};
const CODE_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join('');
const code = (rng: Rng) => {
  const s = Array.from({ length: 12 }, () => CODE_CHARS[Math.floor(rng() * CODE_CHARS.length)]).join('');
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
};

/** Gateways, the ban list, android terminals, app versions and a finished push, voice codes in every status. */
export async function seedDemoDevices(
  db: Kysely<Database>,
  rng: Rng,
  clock: DemoClock,
  agents: DemoAgents,
  stores: DemoStoreRow[],
): Promise<void> {
  let gw = 0;
  const gateway = (agentId: number | null, storeId: number | null) => {
    gw += 1;
    const online = storeId !== null && rng() < 0.8 ? 1 : 0;
    return {
      deviceName: `ZKB${clock.date(0).slice(2, 4)}${String(10_000 + gw * 37).padStart(6, '0')}`,
      agentId,
      storeId,
      ip: storeId ? `192.168.${between(rng, 1, 30)}.${between(rng, 2, 250)}` : '',
      firmwareVersion: pick(rng, FIRMWARE),
      communicationStatus: online,
      lastSeenAt: storeId ? clock.at(online ? 0 : -between(rng, 1, 9)) : null,
      boundAt: storeId ? clock.at(-between(rng, 20, 300)) : null,
      deviceCode: storeId ? `ZK${hex(rng, 6).toUpperCase()}` : '',
      restarting: 0,
      remark: storeId ? '' : '库存，未绑定门店',
      ...clock.stamp(-between(rng, 30, 400)),
    };
  };
  await db
    .insertInto('gatewayDevice')
    .values([
      ...stores.map((s) => gateway(s.agentId, s.id)),
      gateway(agents.a, null),
      gateway(agents.b, null),
      gateway(null, null),
      gateway(null, null),
    ])
    .execute();
  await db
    .insertInto('deviceBan')
    .values([
      { deviceName: 'ZKB19000413', reason: '设备报失，禁止接入', createdBy: null, createdAt: clock.at(-40) },
      { deviceName: 'ZKB20001877', reason: '固件被篡改，厂家召回', createdBy: null, createdAt: clock.at(-12) },
    ])
    .execute();

  let ad = 0;
  const terminals = stores.flatMap((s) =>
    Array.from({ length: 3 }, (_, i) => {
      ad += 1;
      const roomType = pick(rng, [1, 1, 3, 3, 4, 5]);
      const floor = Math.min(s.floors, i + 1);
      const online = s.status === 1 && rng() < 0.85 ? 1 : 0;
      return {
        deviceNo: `AD${String(7_000_000 + ad * 131)}`,
        name: `${floor}楼${ROOM_LABELS[roomType] ?? '包间'}${String(floor * 100 + i + 1)}`,
        agentId: s.agentId,
        storeId: s.id,
        roomType,
        floor,
        ip: `10.0.${between(rng, 0, 20)}.${between(rng, 2, 250)}`,
        appVersion: pick(rng, TERMINAL_VERSIONS),
        online,
        lastHeartbeatAt: clock.at(online ? 0 : -between(rng, 1, 15)),
        restarting: 0,
        banned: 0,
        remark: '',
        ...clock.stamp(-between(rng, 20, 300)),
      };
    }),
  );
  // Every demo terminal hangs in a store (store-less ones arrive by the shipped-claim path).
  const androidIds = (
    await db.insertInto('androidDevice').values(terminals).returning(['id', 'agentId', 'storeId']).execute()
  ).flatMap((d) => (d.storeId === null ? [] : [{ ...d, storeId: d.storeId }]));

  const versions = await db
    .insertInto('appVersion')
    .values(
      [
        [1, '2.2.0', 220, 2, '新增呼叫服务员时的语音播报', -120],
        [1, '2.3.1', 231, 2, '优化房间终端待机耗电；修复楼层显示错误', -60],
        [1, '2.4.0', 240, 1, '支持按服务类型呼叫；修复偶发无响应', -7],
        [2, '1.4.2', 142, 2, '员工端新增接单提醒与到期提醒', -20],
      ].map(([app, versionName, versionCode, updateType, releaseNotes, days]) => ({
        app: app as number,
        versionName: versionName as string,
        versionCode: versionCode as number,
        downloadUrl: `https://download.mendianyun.com/${app === 1 ? 'terminal' : 'staff'}/${String(versionName)}.apk`,
        md5: hex(rng, 32),
        updateType: updateType as number,
        releaseNotes: releaseNotes as string,
        publishedAt: clock.at(days as number),
        ...clock.stamp(days as number),
      })),
    )
    .returning('id')
    .execute();

  const groups = await db
    .insertInto('companyGroup')
    .values([
      { name: '华东连锁客户', remark: '浙江、江苏、上海的连锁企业', ...clock.stamp(-90) },
      { name: '灰度试点', remark: '新版本先推送到这些企业', ...clock.stamp(-30) },
    ])
    .returning('id')
    .execute();
  const enterpriseIds = [...new Set(stores.map((s) => s.enterpriseId))];
  await db
    .insertInto('companyGroupMember')
    .values([
      ...enterpriseIds.slice(0, 4).map((enterpriseId) => ({ groupId: groups[0]!.id, enterpriseId })),
      ...enterpriseIds.slice(0, 1).map((enterpriseId) => ({ groupId: groups[1]!.id, enterpriseId })),
    ])
    .execute();
  // A finished push of 2.4.0 to the pilot group: most succeeded, an offline one did not.
  const pilotStores = new Set(stores.filter((s) => s.enterpriseId === enterpriseIds[0]).map((s) => s.id));
  const targets = androidIds.filter((d) => pilotStores.has(d.storeId));
  const failedId = targets.at(-1)?.id;
  const job = await db
    .insertInto('appPushJob')
    .values({
      appVersionId: versions[2]!.id,
      companyGroupId: groups[1]!.id,
      status: failedId ? 2 : 1,
      total: targets.length,
      succeeded: targets.length - (failedId ? 1 : 0),
      failed: failedId ? 1 : 0,
      createdBy: null,
      finishedAt: clock.at(-6),
      ...clock.stamp(-7),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (targets.length > 0) {
    await db
      .insertInto('appPushResult')
      .values(
        targets.map((d) => ({
          jobId: job.id,
          deviceId: d.id,
          agentId: d.agentId,
          storeId: d.storeId,
          status: d.id === failedId ? 2 : 1,
          message: d.id === failedId ? '设备离线，未送达' : '升级成功',
          createdAt: clock.at(-7),
          reportedAt: clock.at(-7),
        })),
      )
      .execute();
  }

  await seedVoiceCodes(db, rng, clock, agents, androidIds);
}

async function seedVoiceCodes(
  db: Kysely<Database>,
  rng: Rng,
  clock: DemoClock,
  agents: DemoAgents,
  terminals: { id: number; agentId: number; storeId: number }[],
) {
  const rows = Array.from({ length: 60 }, (_, i) => ({
    code: code(rng),
    batchNo: i < 30 ? 'VB2609010001' : 'VB2611050002',
    status: 0,
    price: 3000,
    agentId: null as number | null,
    storeId: null as number | null,
    deviceId: null as number | null,
    allocatedAt: null as string | null,
    usedAt: null as string | null,
    remark: '',
    ...clock.stamp(i < 30 ? -80 : -17),
  }));
  // First 30: allocated to A (12) and B (8), of which some are used on their terminals; 2 void.
  const used = (agentId: number) => terminals.filter((d) => d.agentId === agentId).slice(0, 4);
  const assign = (from: number, count: number, agentId: number, bind: { id: number; storeId: number }[]) => {
    for (let i = 0; i < count; i += 1) {
      const r = rows[from + i]!;
      Object.assign(r, { status: 1, agentId, allocatedAt: clock.at(-70) });
      const d = bind[i];
      if (d)
        Object.assign(r, { status: 2, deviceId: d.id, storeId: d.storeId, usedAt: clock.at(-between(rng, 1, 60)) });
    }
  };
  assign(0, 12, agents.a, used(agents.a));
  assign(12, 8, agents.b, used(agents.b).slice(0, 2));
  assign(20, 3, agents.direct, []);
  Object.assign(rows[23]!, { status: 3, remark: '批次打印错误，作废' });
  Object.assign(rows[24]!, { status: 3, remark: '批次打印错误，作废' });
  const inserted = await db.insertInto('voiceCode').values(rows).returning(['id', 'deviceId']).execute();
  for (const c of inserted) {
    if (c.deviceId !== null) {
      await db.updateTable('androidDevice').set({ voiceCodeId: c.id }).where('id', '=', c.deviceId).execute();
    }
  }
}
