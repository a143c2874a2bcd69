import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';

interface DemoMessage {
  title: string;
  /** Already in the sanitiser's allowed markup (p, strong, ul/li). */
  content: string;
  daysAgo: number;
  /** Recipients who have read it. */
  readBy: 'none' | 'all';
}

const messages: DemoMessage[] = [
  {
    title: '平台系统升级通知',
    content:
      '<p>各位服务商伙伴：</p><p>平台将于本周六 <strong>22:00—次日 02:00</strong> 进行系统升级，期间门店管理端与小程序可能短暂无法访问，请提前告知门店。</p>',
    daysAgo: 1,
    readBy: 'none',
  },
  {
    title: '网关固件 3.2.0 发布',
    content:
      '<p>网关固件 3.2.0 已发布，主要更新：</p><ul><li>断网重连更快</li><li>柜锁状态上报更及时</li></ul><p>可在网关设备页面查看各门店的固件版本。</p>',
    daysAgo: 6,
    readBy: 'none',
  },
  {
    title: '年末续费优惠政策',
    content: '<p>12 月 31 日前为门店续费系统服务，可享受续费价格九折优惠，详情请联系平台客服。</p>',
    daysAgo: 20,
    readBy: 'all',
  },
];

/**
 * Platform messages to the demo providers' operators, some read and some not, so the bell and
 * the inbox have something real to show.
 */
export async function seedDemoMessages(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const recipients = await db
    .selectFrom('admin')
    .where('agentId', 'in', [agents.a, agents.b])
    .where('open', '=', 1)
    .select(['id', 'agentId'])
    .execute();
  const platform = await db
    .selectFrom('admin')
    .where('adminType', '=', 0)
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirst();
  // Oldest first, as they would have been sent: the inbox lists by recipient row, newest first.
  for (const m of [...messages].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const at = new Date(Date.now() - m.daysAgo * 86_400_000).toISOString();
    const row = await db
      .insertInto('saasMessage')
      .values({
        title: m.title,
        content: m.content,
        senderId: platform?.id ?? null,
        senderName: platform?.name ?? '平台',
        agentIds: JSON.stringify([agents.a, agents.b]),
        adminTypes: '[]',
        recipientCount: recipients.length,
        sendTime: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const r of recipients) {
      await db
        .insertInto('saasMessageRecipient')
        .values({
          messageId: row.id,
          adminId: r.id,
          agentId: r.agentId ?? agents.a,
          status: m.readBy === 'all' ? 1 : 0,
          receiveTime: at,
          readAt: m.readBy === 'all' ? at : null,
          deleted: 0,
        })
        .execute();
    }
  }
}
