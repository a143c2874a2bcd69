import type { Kysely } from 'kysely';
import { nowIso } from '../../lib/clock.js';
import type { Database } from '../../db/types.js';

/**
 * Provider applications as if sent from the public /register page: two waiting in 服务商审核 and
 * one already rejected with its reason, so the screen shows both states in the demo.
 */
export async function seedDemoApplications(db: Kysely<Database>): Promise<void> {
  const now = nowIso();
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  // Every row names every column: a multi-row insert on SQLite sends NULL, not the default, for a missing one.
  const base = { kind: 1, level: 3, address: '', direct: 0, reviewedAt: null, rejectReason: '', updatedAt: now };
  await db
    .insertInto('agent')
    .values([
      {
        ...base,
        agentNo: 'FW2611200101',
        name: '苏州姑苏云泉科技有限公司',
        contactName: '沈佳怡',
        contactPhone: '13962100101',
        region: '江苏省/苏州市/姑苏区',
        status: 0,
        remark: '主营浴场与足道门店的智能储物柜，已有合作门店 12 家',
        createdAt: daysAgo(2),
      },
      {
        ...base,
        kind: 2,
        agentNo: 'FW2611210102',
        name: '刘志强',
        contactName: '刘志强',
        contactPhone: '13851200102',
        region: '江苏省/南京市/鼓楼区',
        status: 0,
        remark: '个人代理，熟悉南京地区汗蒸馆',
        createdAt: daysAgo(1),
      },
      {
        ...base,
        agentNo: 'FW2611150103',
        name: '合肥新站沐泽商贸',
        contactName: '吴磊',
        contactPhone: '13905510103',
        region: '安徽省/合肥市/瑶海区',
        status: 4,
        remark: '',
        reviewedAt: daysAgo(5),
        rejectReason: '营业执照照片模糊，无法核对统一社会信用代码，请重新提交清晰照片',
        createdAt: daysAgo(7),
      },
    ])
    .execute();
}
