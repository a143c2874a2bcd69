import type { Kysely } from 'kysely';
import { privacyAgreement, privatezc, renewalAgreement, userAgreement } from './texts/agreements-v1.js';

// The system configuration every installation starts with (demo or not): site facts the header
// shows, agreement texts the public pages show, prices, and policies. Edited later in the console.

/** QR code (SVG) that dials the customer-service line 400-820-1688 when scanned. */
const serviceQr =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNSAyNSIgc2hhcGUtcmVuZGVyaW5nPSJjcmlzcEVkZ2VzIj48cmVjdCB3aWR0aD0iMTAwJSIgaGVpZ2h0PSIxMDAlIiBmaWxsPSIjZmZmIi8+PHBhdGggZmlsbD0iIzAwMCIgZD0iTTIgMmgxdjFoLTF6TTMgMmgxdjFoLTF6TTQgMmgxdjFoLTF6TTUgMmgxdjFoLTF6TTYgMmgxdjFoLTF6TTcgMmgxdjFoLTF6TTggMmgxdjFoLTF6TTExIDJoMXYxaC0xek0xMyAyaDF2MWgtMXpNMTQgMmgxdjFoLTF6TTE2IDJoMXYxaC0xek0xNyAyaDF2MWgtMXpNMTggMmgxdjFoLTF6TTE5IDJoMXYxaC0xek0yMCAyaDF2MWgtMXpNMjEgMmgxdjFoLTF6TTIyIDJoMXYxaC0xek0yIDNoMXYxaC0xek04IDNoMXYxaC0xek0xMyAzaDF2MWgtMXpNMTYgM2gxdjFoLTF6TTIyIDNoMXYxaC0xek0yIDRoMXYxaC0xek00IDRoMXYxaC0xek01IDRoMXYxaC0xek02IDRoMXYxaC0xek04IDRoMXYxaC0xek0xMCA0aDF2MWgtMXpNMTEgNGgxdjFoLTF6TTEzIDRoMXYxaC0xek0xNiA0aDF2MWgtMXpNMTggNGgxdjFoLTF6TTE5IDRoMXYxaC0xek0yMCA0aDF2MWgtMXpNMjIgNGgxdjFoLTF6TTIgNWgxdjFoLTF6TTQgNWgxdjFoLTF6TTUgNWgxdjFoLTF6TTYgNWgxdjFoLTF6TTggNWgxdjFoLTF6TTEwIDVoMXYxaC0xek0xMiA1aDF2MWgtMXpNMTQgNWgxdjFoLTF6TTE2IDVoMXYxaC0xek0xOCA1aDF2MWgtMXpNMTkgNWgxdjFoLTF6TTIwIDVoMXYxaC0xek0yMiA1aDF2MWgtMXpNMiA2aDF2MWgtMXpNNCA2aDF2MWgtMXpNNSA2aDF2MWgtMXpNNiA2aDF2MWgtMXpNOCA2aDF2MWgtMXpNMTAgNmgxdjFoLTF6TTE0IDZoMXYxaC0xek0xNiA2aDF2MWgtMXpNMTggNmgxdjFoLTF6TTE5IDZoMXYxaC0xek0yMCA2aDF2MWgtMXpNMjIgNmgxdjFoLTF6TTIgN2gxdjFoLTF6TTggN2gxdjFoLTF6TTEwIDdoMXYxaC0xek0xMSA3aDF2MWgtMXpNMTIgN2gxdjFoLTF6TTE0IDdoMXYxaC0xek0xNiA3aDF2MWgtMXpNMjIgN2gxdjFoLTF6TTIgOGgxdjFoLTF6TTMgOGgxdjFoLTF6TTQgOGgxdjFoLTF6TTUgOGgxdjFoLTF6TTYgOGgxdjFoLTF6TTcgOGgxdjFoLTF6TTggOGgxdjFoLTF6TTEwIDhoMXYxaC0xek0xMiA4aDF2MWgtMXpNMTQgOGgxdjFoLTF6TTE2IDhoMXYxaC0xek0xNyA4aDF2MWgtMXpNMTggOGgxdjFoLTF6TTE5IDhoMXYxaC0xek0yMCA4aDF2MWgtMXpNMjEgOGgxdjFoLTF6TTIyIDhoMXYxaC0xek0xMCA5aDF2MWgtMXpNMTQgOWgxdjFoLTF6TTIgMTBoMXYxaC0xek00IDEwaDF2MWgtMXpNNSAxMGgxdjFoLTF6TTYgMTBoMXYxaC0xek03IDEwaDF2MWgtMXpNOCAxMGgxdjFoLTF6TTEyIDEwaDF2MWgtMXpNMTYgMTBoMXYxaC0xek0xNyAxMGgxdjFoLTF6TTE4IDEwaDF2MWgtMXpNMTkgMTBoMXYxaC0xek0yMCAxMGgxdjFoLTF6TTIgMTFoMXYxaC0xek01IDExaDF2MWgtMXpNNiAxMWgxdjFoLTF6TTkgMTFoMXYxaC0xek0xMSAxMWgxdjFoLTF6TTEyIDExaDF2MWgtMXpNMTMgMTFoMXYxaC0xek0xNiAxMWgxdjFoLTF6TTE4IDExaDF2MWgtMXpNMTkgMTFoMXYxaC0xek0yMCAxMWgxdjFoLTF6TTIyIDExaDF2MWgtMXpNMyAxMmgxdjFoLTF6TTQgMTJoMXYxaC0xek01IDEyaDF2MWgtMXpNNiAxMmgxdjFoLTF6TTggMTJoMXYxaC0xek0xMCAxMmgxdjFoLTF6TTE0IDEyaDF2MWgtMXpNMTcgMTJoMXYxaC0xek0xOSAxMmgxdjFoLTF6TTIwIDEyaDF2MWgtMXpNMjEgMTJoMXYxaC0xek00IDEzaDF2MWgtMXpNNyAxM2gxdjFoLTF6TTEwIDEzaDF2MWgtMXpNMTIgMTNoMXYxaC0xek0xNCAxM2gxdjFoLTF6TTE3IDEzaDF2MWgtMXpNMTkgMTNoMXYxaC0xek0yMCAxM2gxdjFoLTF6TTIgMTRoMXYxaC0xek0zIDE0aDF2MWgtMXpNNCAxNGgxdjFoLTF6TTYgMTRoMXYxaC0xek03IDE0aDF2MWgtMXpNOCAxNGgxdjFoLTF6TTkgMTRoMXYxaC0xek0xMiAxNGgxdjFoLTF6TTE1IDE0aDF2MWgtMXpNMTYgMTRoMXYxaC0xek0xNyAxNGgxdjFoLTF6TTIxIDE0aDF2MWgtMXpNMTAgMTVoMXYxaC0xek0xMSAxNWgxdjFoLTF6TTEzIDE1aDF2MWgtMXpNMTggMTVoMXYxaC0xek0xOSAxNWgxdjFoLTF6TTIxIDE1aDF2MWgtMXpNMjIgMTVoMXYxaC0xek0yIDE2aDF2MWgtMXpNMyAxNmgxdjFoLTF6TTQgMTZoMXYxaC0xek01IDE2aDF2MWgtMXpNNiAxNmgxdjFoLTF6TTcgMTZoMXYxaC0xek04IDE2aDF2MWgtMXpNMTQgMTZoMXYxaC0xek0xNiAxNmgxdjFoLTF6TTE3IDE2aDF2MWgtMXpNMjAgMTZoMXYxaC0xek0yMSAxNmgxdjFoLTF6TTIgMTdoMXYxaC0xek04IDE3aDF2MWgtMXpNMTAgMTdoMXYxaC0xek0xMSAxN2gxdjFoLTF6TTEyIDE3aDF2MWgtMXpNMTcgMTdoMXYxaC0xek0yMCAxN2gxdjFoLTF6TTIyIDE3aDF2MWgtMXpNMiAxOGgxdjFoLTF6TTQgMThoMXYxaC0xek01IDE4aDF2MWgtMXpNNiAxOGgxdjFoLTF6TTggMThoMXYxaC0xek0xMCAxOGgxdjFoLTF6TTEyIDE4aDF2MWgtMXpNMTMgMThoMXYxaC0xek0xNCAxOGgxdjFoLTF6TTE1IDE4aDF2MWgtMXpNMTYgMThoMXYxaC0xek0xNyAxOGgxdjFoLTF6TTE5IDE4aDF2MWgtMXpNMjEgMThoMXYxaC0xek0yMiAxOGgxdjFoLTF6TTIgMTloMXYxaC0xek00IDE5aDF2MWgtMXpNNSAxOWgxdjFoLTF6TTYgMTloMXYxaC0xek04IDE5aDF2MWgtMXpNMTAgMTloMXYxaC0xek0xMyAxOWgxdjFoLTF6TTE4IDE5aDF2MWgtMXpNMiAyMGgxdjFoLTF6TTQgMjBoMXYxaC0xek01IDIwaDF2MWgtMXpNNiAyMGgxdjFoLTF6TTggMjBoMXYxaC0xek0xMCAyMGgxdjFoLTF6TTEyIDIwaDF2MWgtMXpNMTQgMjBoMXYxaC0xek0xNyAyMGgxdjFoLTF6TTIgMjFoMXYxaC0xek04IDIxaDF2MWgtMXpNMTEgMjFoMXYxaC0xek0xMiAyMWgxdjFoLTF6TTEzIDIxaDF2MWgtMXpNMTQgMjFoMXYxaC0xek0xNyAyMWgxdjFoLTF6TTIwIDIxaDF2MWgtMXpNMiAyMmgxdjFoLTF6TTMgMjJoMXYxaC0xek00IDIyaDF2MWgtMXpNNSAyMmgxdjFoLTF6TTYgMjJoMXYxaC0xek03IDIyaDF2MWgtMXpNOCAyMmgxdjFoLTF6TTEwIDIyaDF2MWgtMXpNMTQgMjJoMXYxaC0xek0xNSAyMmgxdjFoLTF6TTE2IDIyaDF2MWgtMXpNMTkgMjJoMXYxaC0xek0yMSAyMmgxdjFoLTF6Ii8+PC9zdmc+';

const editions = JSON.stringify([
  { code: 'basic', name: '基础版', stores: 1, price: 98_000 },
  { code: 'standard', name: '标准版', stores: 5, price: 298_000 },
  { code: 'chain', name: '连锁版', stores: 50, price: 998_000 },
]);

type Row = [key: string, type: string, title: string, value: string, remark?: string];
const rows: Row[] = [
  ['platformName', 'site', '平台名称', '门店云运营平台'],
  ['servicePhone', 'site', '客服电话', '400-820-1688'],
  ['serviceEmail', 'site', '客服邮箱', 'service@mendianyun.com'],
  ['serviceQr', 'site', '客服二维码', serviceQr, '扫码拨打客服电话'],
  ['helpCenterUrl', 'site', '帮助中心地址', 'https://help.mendianyun.com/'],
  ['privatezc', 'agreement', '隐私政策', privatezc],
  ['privacyAgreement', 'agreement', '隐私协议', privacyAgreement],
  ['userAgreement', 'agreement', '用户服务协议', userAgreement],
  ['renewalAgreement', 'agreement', '续费服务协议', renewalAgreement],
  ['webPrice', 'price', '门店系统年费（分）', '98000'],
  ['staffAppletPrice', 'price', '员工小程序年费（分/人）', '12000'],
  ['voiceCodePrice', 'price', '语音码单价（分）', '3000'],
  ['freeAuthCodeValidDays', 'policy', '免授权码有效天数', '30'],
  ['freeAuthCodeMonthlyQuota', 'policy', '每个服务商每月可生成免授权码数', '20'],
  ['freeAuthCodeTrialDays', 'policy', '免授权码试用天数', '15'],
  ['editions', 'edition', '版本套餐', editions, 'JSON：编码、名称、门店数、年费（分）'],
  ['deviceOfflineMinutes', 'parameter', '设备离线判定（分钟）', '5'],
  ['userExpiringDays', 'parameter', '即将到期提醒（天）', '30'],
  ['recycleRetentionDays', 'parameter', '回收站保留天数', '90'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  // Migrations see no table types; this one writes a single known table (a type-level widening only).
  const typed = db.withTables<{ system_config: Record<string, string | number> }>();
  await typed
    .insertInto('system_config')
    .values(
      rows.map(([key, type, title, value, remark], i) => ({
        config_key: key,
        type,
        title,
        value,
        remark: remark ?? '',
        sort: i,
        created_at: now,
        updated_at: now,
        version: 1,
      })),
    )
    .execute();
}
