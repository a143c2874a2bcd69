import type { Kysely } from 'kysely';
import type { Rng } from '../../adapters/devices/rng.js';
import { makeLicenseNo } from '../../adapters/payments/index.js';
import type { Database } from '../../db/types.js';
import { between, mobile, personName, pick } from './scale-names.js';

export interface DemoStore {
  id: number;
  name: string;
  enterpriseId: number;
}

/** What the demo seeder knows while it fills one provider. */
export interface ProviderSeed {
  db: Kysely<Database>;
  rng: Rng;
  agentId: number;
  /** One letter per demo provider, used in record numbers. */
  key: string;
  stores: DemoStore[];
  enterprises: number[];
  stamp: (days: number) => { createdAt: string; updatedAt: string };
  daysAgo: (n: number) => string;
  dayOnly: (n: number) => string;
  /** Record-number sequence shared by all providers, so numbers never repeat. */
  counter: { serial: number };
}

/**
 * One provider's money records: contracts, collections, its account ledger, store and provider
 * payments, payment-merchant applications and enterprise wallets with their ledgers.
 */
export async function seedProviderMoney(seed: ProviderSeed): Promise<void> {
  const { db, rng, agentId, key, stores, enterprises, stamp, daysAgo, dayOnly, counter } = seed;
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
        counter.serial += 1;
        return {
          agentId,
          recordNo: `ZH2026${key}${String(counter.serial).padStart(6, '0')}`,
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
      counter.serial += 1;
      const paid = k === 0 || i % 3 !== 0;
      await db
        .insertInto('storePayment')
        .values({
          agentId,
          storeId: store.id,
          paymentNo: `JF2026${key}${String(counter.serial).padStart(6, '0')}`,
          item: k === 0 ? 1 : 2,
          months: 12,
          amount: k === 0 ? 298_000 : 36_000,
          channel: pick(rng, [1, 2, 3, 4]),
          // The second store's staff-applet payment was refunded, so the lists show a refund.
          ...(paid && i === 1 && k === 1
            ? { status: 2, refundAmount: 36_000, refundedAt: daysAgo(35), refundReason: '门店重复缴费，原路退回' }
            : { status: paid ? 1 : 0 }),
          paidAt: paid ? daysAgo(60 - k * 20) : null,
          periodStart: paid ? dayOnly(60 - k * 20) : null,
          periodEnd: paid ? dayOnly(60 - k * 20 - 365) : null,
          remark: '',
          ...stamp(60 - k * 20),
        })
        .execute();
    }
    counter.serial += 1;
    await db
      .insertInto('providerPayment')
      .values({
        agentId,
        storeId: store.id,
        recordNo: `FW2026${key}${String(counter.serial).padStart(6, '0')}`,
        item: i === 0 ? 1 : 2,
        quantity: 1,
        unitPrice: 98_000,
        amount: 98_000,
        channel: 4,
        status: 1,
        paidAt: daysAgo(70),
        periodStart: dayOnly(70),
        periodEnd: dayOnly(70 - 365),
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
    // A submitted row without an application number is sent to the simulator at start, so the
    // demo shows it move through 审核中 to 已通过/已开通 or 已驳回 over the next seconds.
    applyNo: status === 0 ? '' : `${provider === 1 ? 'SW' : 'WS'}DEMO${n}`,
    merchantNo: status === 1 || status === 4 ? `${provider}688${String(n).padStart(10, '0')}` : '',
    rejectReason: status === 2 ? '结算账户户名与营业执照主体不一致' : '',
    submittedAt: daysAgo(10 - (n % 5)),
    reviewedAt: status === 0 || status === 3 ? null : daysAgo(8 - (n % 5)),
    activatedAt: status === 4 ? daysAgo(7 - (n % 5)) : null,
    ...stamp(10 - (n % 5)),
  });
  const base = agentId * 10;
  await db
    .insertInto('paymentMerchant')
    .values(
      [
        // 已开通, 已提交 (sent at start, then 审核中 and on), 已驳回, 已通过.
        merchant(stores[0]!, 1, 4, base + 1),
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
}
