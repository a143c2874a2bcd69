import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';

// 短信记录 demo rows: what the platform would have sent while the demo providers were opened and
// their stores approved, one failover after a vendor refusal, and a channel test. The password
// texts keep their secret only in plainContent, as the SMS module writes them.

interface DemoSms {
  agent: keyof DemoAgents | null;
  phone: string;
  purpose: 1 | 2 | 3 | 4;
  text: string;
  secret?: string;
  failed?: string;
  daysAgo: number;
}

const MESSAGES: DemoSms[] = [
  {
    agent: 'a',
    phone: '13857162208',
    purpose: 1,
    text: '【门店云】您的服务商管理员账号 agent1 已开通，初始密码：{s}，首次登录请修改。',
    secret: 'Kp7mQ2xV9c',
    daysAgo: 120,
  },
  {
    agent: 'b',
    phone: '13981726354',
    purpose: 1,
    text: '【门店云】您的服务商管理员账号 agent2 已开通，初始密码：{s}，首次登录请修改。',
    secret: 'Rw4nT8bL3z',
    daysAgo: 95,
  },
  {
    agent: 'a',
    phone: '13967135520',
    purpose: 1,
    text: '【门店云】您的实施人员账号 agent1staff 已开通，初始密码：{s}，首次登录请修改。',
    secret: 'Hy6dF1kS5p',
    daysAgo: 60,
  },
  {
    agent: 'a',
    phone: '13857162208',
    purpose: 2,
    text: '【门店云】您提交的开店申请（悦榕健身中心（姑苏店））已审核通过。',
    daysAgo: 30,
  },
  {
    agent: 'b',
    phone: '13981726354',
    purpose: 2,
    text: '【门店云】您提交的开店申请（禾田洗浴中心（黄岛店））未通过：营业执照照片不清晰。',
    daysAgo: 12,
  },
  {
    agent: 'b',
    phone: '13900001111',
    purpose: 2,
    text: '【门店云】您提交的开店申请已审核通过。',
    failed: '号码已停机',
    daysAgo: 7,
  },
  { agent: null, phone: '13900000001', purpose: 3, text: '【门店云】短信通道测试：这是一条测试短信。', daysAgo: 2 },
];

export async function seedDemoSmsLog(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const channel = await db
    .selectFrom('smsChannel')
    .select('id')
    .where('status', '=', 1)
    .orderBy('priority', 'desc')
    .executeTakeFirst();
  const rows = MESSAGES.map((m, i) => {
    const at = new Date(Date.now() - m.daysAgo * 86_400_000).toISOString();
    return {
      agentId: m.agent === null ? null : agents[m.agent],
      channelId: channel?.id ?? null,
      phone: m.phone,
      purpose: m.purpose,
      content: m.text.replace('{s}', '******'),
      plainContent: m.text.replace('{s}', m.secret ?? ''),
      status: m.failed ? 2 : 1,
      gatewayMessage: m.failed ?? 'OK',
      messageId: m.failed ? '' : `SIMDEMO${String(i + 1).padStart(4, '0')}`,
      attempts: m.failed ? 2 : 1,
      sentAt: m.failed ? null : at,
      createdAt: at,
      updatedAt: at,
    };
  });
  await db.insertInto('smsLog').values(rows).execute();
}
