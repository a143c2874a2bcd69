import type { Kysely } from 'kysely';
import { type Rng, seededRng } from '../../adapters/devices/rng.js';
import { makeLicenseNo } from '../../adapters/payments/index.js';
import type { Database } from '../types.js';
import { seedPlatformOps } from './demo-ops-platform.js';
import type { DemoAgents } from './demo-accounts.js';
import { between, companyName, mobile, personName, pick, place, storeName } from './scale-names.js';

const DAY = 86_400_000;

interface DemoStore {
  id: number;
  name: string;
  enterpriseId: number;
}

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

  let serial = 0;
  for (const [key, agentId] of Object.entries({ A: agents.a, B: agents.b, Z: agents.direct })) {
    const stores = await storesOf(db, rng, agentId, now);
    const stamp = (days: number) => ({ createdAt: daysAgo(days), updatedAt: daysAgo(days) });
    const enterprises = [...new Set(stores.map((s) => s.enterpriseId))];
    const entName = async (id: number) =>
      (await db.selectFrom('enterprise').where('id', '=', id).select('name').executeTakeFirstOrThrow()).name;

    const contracts = await db
      .insertInto('contract')
      .values([
        {
          agentId,
          contractNo: `HT2026${key}001`,
          partyType: 1,
          enterpriseId: null,
          title: '2026 年度服务商合作协议',
          amount: 5_000_000,
          signedDate: dayOnly(300),
          startDate: dayOnly(300),
          endDate: dayOnly(-65),
          status: 1,
          attachmentUrl: '',
          remark: '含 100 家门店开通额度',
          ...stamp(300),
        },
        {
          agentId,
          contractNo: `HT2026${key}002`,
          partyType: 2,
          enterpriseId: enterprises[0] ?? null,
          title: `${await entName(enterprises[0]!)}门店管理系统服务合同`,
          amount: 1_280_000,
          signedDate: dayOnly(120),
          startDate: dayOnly(118),
          endDate: dayOnly(-247),
          status: 1,
          attachmentUrl: '',
          remark: '',
          ...stamp(120),
        },
        {
          agentId,
          contractNo: `HT2025${key}017`,
          partyType: 2,
          enterpriseId: enterprises.at(-1) ?? null,
          title: '智能手牌系统改造合同',
          amount: 860_000,
          signedDate: dayOnly(420),
          startDate: dayOnly(420),
          endDate: dayOnly(55),
          status: 2,
          attachmentUrl: '',
          remark: '已到期，待续签',
          ...stamp(420),
        },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('collection')
      .values([
        {
          agentId,
          collectionNo: `SK2026${key}0001`,
          contractId: contracts[1]!.id,
          enterpriseId: enterprises[0] ?? null,
          payer: await entName(enterprises[0]!),
          amount: 640_000,
          method: 1,
          collectedAt: daysAgo(110),
          status: 1,
          remark: '首期款',
          ...stamp(110),
        },
        {
          agentId,
          collectionNo: `SK2026${key}0002`,
          contractId: contracts[1]!.id,
          enterpriseId: enterprises[0] ?? null,
          payer: await entName(enterprises[0]!),
          amount: 640_000,
          method: 2,
          collectedAt: daysAgo(12),
          status: 0,
          remark: '尾款，待财务确认',
          ...stamp(12),
        },
        {
          agentId,
          collectionNo: `SK2025${key}0031`,
          contractId: contracts[2]!.id,
          enterpriseId: enterprises.at(-1) ?? null,
          payer: personName(rng),
          amount: 860_000,
          method: 4,
          collectedAt: daysAgo(400),
          status: 1,
          remark: '',
          ...stamp(400),
        },
      ])
      .execute();

    let balance = 0;
    const ledger: [number, number, number, string][] = [
      [1, 1, 2_000_000, '对公转账充值'],
      [2, 2, 98_000, '开通门店'],
      [2, 4, 60_000, '员工小程序年费'],
      [2, 5, 50_000, '采购语音码 10 个'],
      [1, 7, 9_800, '重复扣费退款'],
    ];
    await db
      .insertInto('accountRecord')
      .values(
        ledger.map(([direction, kind, amount, remark], i) => {
          balance += direction === 1 ? amount : -amount;
          serial += 1;
          return {
            agentId,
            recordNo: `ZH2026${key}${String(serial).padStart(6, '0')}`,
            direction,
            kind,
            amount,
            balanceAfter: balance,
            relatedNo: '',
            remark,
            ...stamp(90 - i * 15),
          };
        }),
      )
      .execute();

    for (const [i, store] of stores.entries()) {
      for (let k = 0; k < 2; k += 1) {
        serial += 1;
        const paid = k === 0 || i % 3 !== 0;
        await db
          .insertInto('storePayment')
          .values({
            agentId,
            storeId: store.id,
            paymentNo: `JF2026${key}${String(serial).padStart(6, '0')}`,
            item: k === 0 ? 1 : 2,
            months: 12,
            amount: k === 0 ? 298_000 : 36_000,
            channel: pick(rng, [1, 2, 3, 4]),
            status: paid ? 1 : 0,
            paidAt: paid ? daysAgo(60 - k * 20) : null,
            remark: '',
            ...stamp(60 - k * 20),
          })
          .execute();
      }
      serial += 1;
      await db
        .insertInto('providerPayment')
        .values({
          agentId,
          storeId: store.id,
          recordNo: `FW2026${key}${String(serial).padStart(6, '0')}`,
          item: i === 0 ? 1 : 2,
          quantity: 1,
          unitPrice: 98_000,
          amount: 98_000,
          channel: 4,
          status: 1,
          paidAt: daysAgo(70),
          remark: '',
          ...stamp(70),
        })
        .execute();
    }

    const merchant = (store: DemoStore, provider: number, status: number, n: number) => ({
      agentId,
      storeId: store.id,
      provider,
      merchantName: `${store.name.replace(/（.*）$/, '')}经营管理有限公司`,
      shortName: store.name.replace(/（.*）$/, '').slice(0, 8),
      licenseNo: makeLicenseNo(n),
      legalPerson: personName(rng),
      contactPhone: mobile(rng),
      settleBank: pick(rng, ['招商银行杭州分行', '中国工商银行南京分行', '中国建设银行深圳分行']),
      settleAccount: `62148301${String(between(rng, 10_000_000, 99_999_999))}`,
      status,
      // A pending row without an application number is sent to the simulator at start, so the
      // demo shows it move to 已通过 or 已驳回 a few seconds later.
      applyNo: status === 0 ? '' : `${provider === 1 ? 'SW' : 'WS'}DEMO${n}`,
      merchantNo: status === 1 ? `${provider}688${String(n).padStart(10, '0')}` : '',
      rejectReason: status === 2 ? '结算账户户名与营业执照主体不一致' : '',
      submittedAt: daysAgo(10 - (n % 5)),
      reviewedAt: status === 0 ? null : daysAgo(8 - (n % 5)),
      ...stamp(10 - (n % 5)),
    });
    const base = agentId * 10;
    await db
      .insertInto('paymentMerchant')
      .values(
        [
          merchant(stores[0]!, 1, 1, base + 1),
          merchant(stores[1 % stores.length]!, 2, 0, base + 2),
          merchant(stores[2 % stores.length]!, 1, 2, base + 3),
          merchant(stores[0]!, 2, 1, base + 4),
        ].filter((m, i, all) => all.findIndex((o) => o.storeId === m.storeId && o.provider === m.provider) === i),
      )
      .execute();

    for (const [i, enterpriseId] of enterprises.entries()) {
      const wallet = await db
        .insertInto('enterpriseWallet')
        .values({ agentId, enterpriseId, balance: 0, status: i === 2 ? 0 : 1, ...stamp(200) })
        .returning('id')
        .executeTakeFirstOrThrow();
      let walletBalance = 0;
      const moves: [number, number, number, string][] = [
        [1, 1, 500_000, '线下充值'],
        [2, 2, 298_000, '门店系统年费'],
        [1, 1, 200_000, '线下充值'],
      ];
      for (const [j, [direction, kind, amount, remark]] of moves.entries()) {
        walletBalance += direction === 1 ? amount : -amount;
        await db
          .insertInto('walletLedger')
          .values({
            agentId,
            walletId: wallet.id,
            direction,
            kind,
            amount,
            balanceAfter: walletBalance,
            remark,
            operatorName: '平台财务',
            createdAt: daysAgo(180 - j * 40),
          })
          .execute();
      }
      await db.updateTable('enterpriseWallet').set({ balance: walletBalance }).where('id', '=', wallet.id).execute();
    }

    const templates: [string, string, number, number, string][] = [
      ['周末畅泡', '【{门店}】周末到店泡澡立减 20 元，会员再享 9 折，回 T 退订', 2, 0, ''],
      ['会员生日关怀', '【{门店}】亲爱的会员，祝您生日快乐！本月到店赠送足疗一次，回 T 退订', 1, 1, ''],
      ['新店开业', '【{门店}】新店开业全场 5 折！', 3, 2, '营销短信需注明退订方式'],
      ['久未到店召回', '【{门店}】好久不见，送您 30 元无门槛券，7 天内有效，回 T 退订', 4, 0, ''],
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
          authorizedAt: i === 0 ? daysAgo(90) : null,
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
          code: demoCode(rng),
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

const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A free auth code in the server's format (three groups of four), from the seeded RNG. */
function demoCode(rng: Rng): string {
  const group = () => Array.from({ length: 4 }, () => CODE_CHARS[Math.floor(rng() * CODE_CHARS.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}
