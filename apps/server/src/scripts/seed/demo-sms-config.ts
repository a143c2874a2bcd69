import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';

// Demo rows of issue 19's configuration: price tables (base prices and one provider's override)
// the published privacy agreement, and the providers' SMS quota.

/** Monthly price per edition code, fen; a quarter is 2.8 months and a year 10 months of it. */
const MONTHLY: Record<string, [web: number, staffApplet: number]> = {
  basic: [9_800, 3_000],
  standard: [19_800, 5_000],
  premium: [39_800, 8_000],
};
const PERIOD_MONTHS: [period: number, months: number][] = [
  [1, 1],
  [2, 2.8],
  [3, 10],
];

const ALARM_SCHEMA = JSON.stringify({
  type: 'object',
  required: ['minutes', 'channels'],
  properties: {
    minutes: { type: 'integer', minimum: 1, maximum: 240 },
    channels: { type: 'array', items: { type: 'string', enum: ['sms', 'voice', 'app'] } },
  },
});
const PARAMS: [string, string, string, number, string, string, number][] = [
  ['locker.alarmMinutes', '未结账报警分钟数', '门店运营', 2, '30', '', 1],
  ['locker.alarmPolicy', '未结账报警策略', '门店运营', 4, '{"minutes":30,"channels":["sms","app"]}', ALARM_SCHEMA, 1],
  ['store.autoCloseDays', '门店到期自动停用天数', '门店运营', 2, '15', '', 0],
  ['sms.marketingEnabled', '允许发送营销短信', '短信', 3, '1', '', 0],
  ['sms.signature', '默认短信签名', '短信', 1, '门店云', '', 0],
];

export async function seedDemoSmsConfig(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const now = new Date().toISOString();
  const stamp = { createdAt: now, updatedAt: now };
  const editions = await db.selectFrom('edition').select(['id', 'code']).execute();
  const rows = editions.flatMap((edition) => {
    const monthly = MONTHLY[edition.code] ?? [12_800, 4_000];
    return [1, 2].flatMap((product) =>
      PERIOD_MONTHS.map(([period, months]) => ({
        product,
        editionId: edition.id,
        period,
        providerId: null,
        amount: Math.round((monthly[product - 1]! * months) / 100) * 100,
        ...stamp,
      })),
    );
  });
  if (rows.length > 0) await db.insertInto('productPrice').values(rows).execute();
  const first = editions[0];
  if (first) {
    // Provider A negotiated a cheaper yearly web price for the first edition.
    await db
      .insertInto('productPrice')
      .values({
        product: 1,
        editionId: first.id,
        period: 3,
        providerId: agents.a,
        amount: 79_800,
        remark: '年度框架协议价',
        ...stamp,
      })
      .execute();
  }
  // The configured privacy text as version 1, published; 隐私政策 then edits versions, not the config row.
  const privacy = await db
    .selectFrom('systemConfig')
    .select(['title', 'value'])
    .where('configKey', '=', 'privatezc')
    .executeTakeFirst();
  if (privacy) {
    await db
      .insertInto('agreementVersion')
      .values({
        agreementKey: 'privacy',
        versionNo: 1,
        title: privacy.title,
        content: privacy.value,
        status: 1,
        publishedAt: now,
        publisherName: '平台运营',
        ...stamp,
      })
      .execute();
  }
  await db
    .insertInto('platformParam')
    .values(
      PARAMS.map(([paramKey, name, groupName, valueType, paramValue, jsonSchema, providerLevel]) => ({
        paramKey,
        name,
        groupName,
        valueType,
        paramValue,
        jsonSchema,
        providerLevel,
        remark: '',
        ...stamp,
      })),
    )
    .execute();
  await db.updateTable('agent').set({ smsBalance: 12_000 }).where('id', 'in', [agents.a, agents.b]).execute();
}
