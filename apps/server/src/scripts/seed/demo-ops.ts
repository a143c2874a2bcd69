import type { Kysely } from 'kysely';
import { type Rng, seededRng } from '../../adapters/devices/rng.js';
import { freeAuthCodeText } from '../../modules/free-auth-code/code-text.js';
import type { Database } from '../../db/types.js';
import { type DemoStore, seedProviderMoney } from './demo-ops-money.js';
import { seedPlatformOps } from './demo-ops-platform.js';
import type { DemoAgents } from './demo-accounts.js';
import { companyName, mobile, personName, place, storeName } from './scale-names.js';

const DAY = 86_400_000;

/**
 * Demo rows of the money, messaging and operations area for providers A, B and the direct-run
 * provider, plus the platform-wide ones. Runs after the core domain's seeder and uses its stores
 * (adds a few of its own when a provider has none). Deterministic: one seeded RNG.
 */
export async function seedDemoOps(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const rng = seededRng(20261122);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const daysAgo = (n: number) => new Date(nowMs - n * DAY).toISOString();
  const dayOnly = (n: number) => daysAgo(n).slice(0, 10);
  await seedPlatformOps(db, now, daysAgo);

  const counter = { serial: 0 };
  for (const [key, agentId] of Object.entries({ A: agents.a, B: agents.b, Z: agents.direct })) {
    const stores = await storesOf(db, rng, agentId, now);
    const stamp = (days: number) => ({ createdAt: daysAgo(days), updatedAt: daysAgo(days) });
    const enterprises = [...new Set(stores.map((s) => s.enterpriseId))];
    const entName = async (id: number) =>
      (await db.selectFrom('enterprise').where('id', '=', id).select('name').executeTakeFirstOrThrow()).name;

    await seedProviderMoney({ db, rng, agentId, key, stores, enterprises, stamp, daysAgo, dayOnly, counter });

    const templates: [string, string, number, number, string][] = [
      ['周末畅泡', '【{门店}】周末到店泡澡立减 20 元，会员再享 9 折，回 T 退订', 2, 0, ''],
      ['会员生日关怀', '【{门店}】亲爱的{会员}，祝您生日快乐！本月到店赠送足疗一次，回 T 退订', 1, 1, ''],
      ['新店开业', '【{门店}】新店开业全场 5 折！', 3, 2, '营销短信需注明退订方式'],
      ['久未到店召回', '【{门店}】{会员}，好久不见，送您{金额}元无门槛券，7 天内有效，回 T 退订', 4, 0, ''],
    ];
    for (const [i, [name, content, scene, reviewStatus, rejectReason]] of templates.entries()) {
      const store = stores[i % stores.length]!;
      await db
        .insertInto('marketingTemplate')
        .values({
          agentId,
          storeId: store.id,
          name,
          content: content.replace('{门店}', store.name.replace(/（.*）$/, '')),
          scene,
          reviewStatus,
          rejectReason,
          reviewedAt: reviewStatus === 0 ? null : daysAgo(3),
          reviewerName: reviewStatus === 0 ? '' : '平台运营',
          ...stamp(5 + i),
        })
        .execute();
    }
    await db
      .insertInto('smsRecycling')
      .values([
        {
          agentId,
          storeId: stores.at(-1)!.id,
          quantity: 3_200,
          refundAmount: 12_800,
          reason: '门店停业，回收剩余短信条数',
          status: 0,
          handledAt: null,
          handlerName: '',
          ...stamp(4),
        },
        {
          agentId,
          storeId: stores[0]!.id,
          quantity: 800,
          refundAmount: 3_200,
          reason: '重复购买短信套餐',
          status: 1,
          handledAt: daysAgo(20),
          handlerName: '平台运营',
          ...stamp(25),
        },
      ])
      .execute();

    const principals = await Promise.all(enterprises.slice(0, 2).map(entName));
    await db
      .insertInto('appletAuthorization')
      .values(
        principals.map((principalName, i) => ({
          agentId,
          enterpriseId: enterprises[i]!,
          appId: `wx${(agentId * 7919 + i * 104_729).toString(16).padStart(16, '0').slice(-16)}`,
          appletName: i === 0 ? '汤泉会员中心' : '足道预约',
          principalName,
          authStatus: i === 0 ? 1 : 0,
          releaseStatus: i === 0 ? 2 : 0,
          codeVersion: i === 0 ? '1.3.0' : '',
          // The authorised one runs out within 30 days: the list shows its expiry in orange.
          authorizedAt: i === 0 ? daysAgo(345) : null,
          expireAt: i === 0 ? daysAgo(-20) : null,
          storeId: i === 1 ? (stores.find((s) => s.enterpriseId === enterprises[1])?.id ?? null) : null,
          releasedAt: i === 0 ? daysAgo(60) : null,
          remark: '',
          ...stamp(95),
        })),
      )
      .execute();

    const codes: [number, number, string][] = [
      [30, 0, '展会赠送'],
      [15, 0, '老客户续约礼'],
      [30, 1, '试用门店'],
      [7, 2, '误发作废'],
    ];
    for (const [i, [days, status, remark]] of codes.entries()) {
      await db
        .insertInto('freeAuthCode')
        .values({
          agentId,
          code: freeAuthCodeText((n) => Math.floor(rng() * n)),
          days,
          status,
          storeId: status === 1 ? stores[0]!.id : null,
          expireDate: dayOnly(-90),
          usedAt: status === 1 ? daysAgo(9) : null,
          remark,
          ...stamp(30 - i),
        })
        .execute();
    }
    await db
      .insertInto('parameter')
      .values([
        {
          agentId,
          paramKey: 'locker.alarmMinutes',
          name: '未结账报警分钟数',
          paramValue: '30',
          valueType: 2,
          remark: '手牌超时未结账时提醒前台',
          ...stamp(200),
        },
        {
          agentId,
          paramKey: 'staff.autoAssign',
          name: '呼叫自动派单',
          paramValue: '1',
          valueType: 3,
          remark: '',
          ...stamp(200),
        },
        {
          agentId,
          paramKey: 'sms.signature',
          name: '短信签名',
          paramValue: key === 'Z' ? '平台直营' : '云泊门店',
          valueType: 1,
          remark: '',
          ...stamp(150),
        },
        {
          agentId,
          paramKey: 'voice.playTimes',
          name: '语音播报次数',
          paramValue: '{"call":2,"checkout":1}',
          valueType: 4,
          remark: '按场景设置',
          ...stamp(100),
        },
      ])
      .execute();
  }
}

/** The provider's stores from the core seeder, or three believable ones when it has none. */
async function storesOf(db: Kysely<Database>, rng: Rng, agentId: number, now: string): Promise<DemoStore[]> {
  const found = await db
    .selectFrom('store')
    .where('agentId', '=', agentId)
    .orderBy('id')
    .select(['id', 'name', 'enterpriseId'])
    .limit(6)
    .execute();
  if (found.length > 0) return found;
  const p = place(rng);
  const enterprise = await db
    .insertInto('enterprise')
    .values({
      agentId,
      name: companyName(rng, p.city),
      contactName: personName(rng),
      contactPhone: mobile(rng),
      address: `${p.region.replaceAll('/', '')}${p.address}`,
      status: 1,
      storeCount: 3,
      remark: '',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stores: DemoStore[] = [];
  for (let i = 0; i < 3; i += 1) {
    const name = storeName(rng, p);
    const row = await db
      .insertInto('store')
      .values({
        storeNo: `MD${agentId}${String(i + 1).padStart(4, '0')}`,
        name,
        agentId,
        enterpriseId: enterprise.id,
        storeType: i === 1 ? 2 : 1,
        region: p.region,
        address: p.address,
        contactName: personName(rng),
        contactPhone: mobile(rng),
        status: 1,
        rejectReason: '',
        remark: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stores.push({ id: row.id, name, enterpriseId: enterprise.id });
  }
  return stores;
}
