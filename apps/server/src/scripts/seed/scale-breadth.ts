import type { Kysely } from 'kysely';
import type { Rng } from '../../adapters/devices/rng.js';
import type { Database } from '../../db/types.js';
import type { ScaleWriter } from './scale-writer.js';
import { between, companyName, mobile, personName, pick, place } from './scale-names.js';

// The rest of the tables the enterprise/store screens read (issue 16), in the platform's real
// proportions: a mini-program authorisation for most enterprises, a few SMS per provider (its
// first password, review results), and a queue of provider applications from /register.

type Row = Record<string, unknown>;
type Add = (table: string, row: Row) => void;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const APPLET_NAMES = ['会员中心', '在线预约', '储值卡', '团购核销', '积分商城'];
const REJECT_REASONS = ['营业执照与申请主体不一致', '联系人手机号无法接通', '所在地区已有独家服务商'];

/** Tables this file writes, after their parents in scale.ts's write order. */
export const BREADTH_TABLES = ['appletAuthorization', 'smsLog'] as const;

/** About 60 % of enterprises have authorised a mini-program; a few are pending or revoked. */
export function addEnterpriseApplet(
  add: Add,
  w: ScaleWriter,
  rng: Rng,
  e: { agentId: number; enterpriseId: number; principalName: string; anchor: number; createdMs: number },
): void {
  if (rng() >= 0.6) return;
  const id = w.id('appletAuthorization');
  const roll = rng();
  const authStatus = roll < 0.85 ? 1 : roll < 0.95 ? 0 : 2;
  const authorizedMs = e.createdMs + between(rng, 1, 30) * DAY;
  const created = iso(e.createdMs);
  add('appletAuthorization', {
    id,
    agentId: e.agentId,
    enterpriseId: e.enterpriseId,
    appId: `wx${(id * 2_654_435_761).toString(16).padStart(16, '0').slice(-16)}`,
    appletName: pick(rng, APPLET_NAMES),
    principalName: e.principalName,
    authStatus,
    releaseStatus: authStatus === 1 ? pick(rng, [2, 2, 2, 1, 3]) : 0,
    codeVersion: authStatus === 1 ? pick(rng, ['1.2.0', '1.3.0', '1.3.2']) : '',
    authorizedAt: authStatus === 0 ? null : iso(authorizedMs),
    releasedAt: authStatus === 1 ? iso(authorizedMs + 3 * DAY) : null,
    expireAt: authStatus === 0 ? null : iso(e.anchor + between(rng, -30, 365) * DAY),
    storeId: null,
    remark: '',
    createdAt: created,
    updatedAt: created,
  });
}

/** A provider's SMS: its first administrator's password, then a review result or two. */
export function addProviderSms(add: Add, w: ScaleWriter, rng: Rng, p: { agentId: number; openedMs: number }): void {
  const phone = mobile(rng);
  for (let k = between(rng, 1, 3); k > 0; k -= 1) {
    const purpose = k === 1 ? 1 : 2;
    const failed = rng() < 0.02;
    const at = iso(p.openedMs + k * between(rng, 1, 40) * DAY);
    const text = purpose === 1 ? '您的服务商管理员账号已开通，初始密码：' : '您提交的开店申请已审核通过。';
    add('smsLog', {
      id: w.id('smsLog'),
      agentId: p.agentId,
      channelId: null,
      phone,
      purpose,
      content: purpose === 1 ? `${text}******，首次登录请修改。` : text,
      plainContent: purpose === 1 ? `${text}Ab${between(rng, 100000, 999999)}!，首次登录请修改。` : text,
      status: failed ? 2 : 1,
      gatewayMessage: failed ? '号码已停机' : 'OK',
      messageId: `SIM${w.counts.smsLog ?? 0}${between(rng, 1000, 9999)}`,
      attempts: failed ? 2 : 1,
      sentAt: failed ? null : at,
      createdAt: at,
      updatedAt: at,
    });
  }
}

/** Provider applications from /register: about 1 pending and 1 rejected per 20 providers. */
export async function seedProviderApplications(
  trx: Kysely<Database>,
  w: ScaleWriter,
  rng: Rng,
  s: { tag: string; providers: number; anchor: number },
): Promise<void> {
  const rows: Row[] = [];
  const n = Math.max(2, Math.round(s.providers / 10));
  for (let i = 1; i <= n; i += 1) {
    const p = place(rng);
    const rejected = i % 2 === 0;
    const createdMs = s.anchor - between(rng, 0, 120) * DAY;
    rows.push({
      id: w.id('agent'),
      agentNo: `${s.tag}R${String(i).padStart(5, '0')}`,
      name: companyName(rng, p.city).replace(/有限公司$/, '网络科技有限公司'),
      kind: pick(rng, [1, 1, 2]),
      contactName: personName(rng),
      contactPhone: mobile(rng),
      region: p.region,
      address: p.address,
      level: 3,
      status: rejected ? 4 : 0,
      openedAt: null,
      expireAt: null,
      webPrice: null,
      staffAppletPrice: null,
      remark: '希望成为本地区服务商',
      direct: 0,
      reviewedAt: rejected ? iso(createdMs + between(rng, 1, 5) * DAY) : null,
      rejectReason: rejected ? pick(rng, REJECT_REASONS) : '',
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    });
  }
  await w.insert(trx, 'agent', rows);
}
