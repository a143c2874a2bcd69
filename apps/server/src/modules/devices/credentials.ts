import {
  type DeviceCredential,
  type DeviceKind,
  deviceClientId,
  deviceCredentialEndpoints,
  normalizeMac,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { hashToken, newToken } from '../../credentials/tokens.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { recordCredential } from './device-access.js';

const NO_BROKER = '设备通道未接入 MQTT 代理（未配置 DEVICE_MQTT_URL），内置模拟器中的设备无需密钥';
const BANNED = '该设备在黑名单中，移出黑名单后才能签发密钥';

/**
 * 设备密钥: a new secret for one device, on the broker first (its old one stops working there at
 * once), then its hash in our database. Answered once; never logged, never cached.
 */
async function issue(
  app: FastifyInstance,
  ctx: RequestContext,
  device: { kind: DeviceKind; serial: string; id: number; banned: boolean },
): Promise<DeviceCredential> {
  ctx.audit.targetId = String(device.id);
  const access = app.devices.adapter.access;
  if (!access) throw new AppError('stateConflict', { message: NO_BROKER });
  if (device.banned) throw new AppError('stateConflict', { message: BANNED });
  const had = await ctx.db
    .selectFrom('deviceCredential')
    .select(['revokedAt'])
    .where('serial', '=', device.serial)
    .executeTakeFirst();
  const secret = newToken();
  try {
    await access.issue(device.kind, device.serial, secret);
  } catch (err) {
    ctx.req.log.error({ err }, 'issuing a device credential on the broker failed');
    throw new AppError('upstreamTimeout', { message: '设备通道（MQTT 代理）暂不可用，密钥未变更，请稍后重试' });
  }
  const issuedAt = nowIso();
  const issuedBy = ctx.operator?.id ?? null;
  await recordCredential(ctx.db, {
    kind: device.kind,
    serial: device.serial,
    secretHash: hashToken(secret),
    issuedAt,
    issuedBy,
  });
  ctx.audit.changes = [
    { field: 'credential', before: had ? (had.revokedAt ? '已停用' : '已签发') : '未签发', after: '已重新签发' },
  ];
  void ctx.reply.header('cache-control', 'no-store');
  return {
    username: device.serial,
    password: secret,
    url: access.deviceUrl,
    clientId: deviceClientId(device.kind, device.serial),
    issuedAt,
  };
}

/** A serial (gateway number or MAC, any notation) on a hardware order of the caller's scope. */
async function shippedDevice(ctx: RequestContext, serial: string) {
  let q = ctx.db
    .selectFrom('hardwareOrderDevice as d')
    .select(['d.id', 'd.deviceNo', 'd.deviceKind'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('deviceBan as b').select('b.id').whereRef('b.deviceName', '=', 'd.deviceNo'))
        .as('banned'),
    )
    .where('d.deviceNo', 'in', [serial.trim().toUpperCase(), normalizeMac(serial) ?? '']);
  if (ctx.scope.agentId !== null) q = q.where('d.agentId', '=', ctx.scope.agentId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const kind: DeviceKind = row.deviceKind === 2 ? 'android' : 'gateway';
  return { kind, serial: row.deviceNo, id: row.id, banned: Boolean(Number(row.banned)) };
}

/** The three 设备密钥 endpoints: a gateway (either audience, scoped) and a terminal per audience. */
export function registerDeviceCredentials(app: FastifyInstance): void {
  bindEndpoint(app, deviceCredentialEndpoints.gateway, async ({ query }, ctx) => {
    let q = ctx.db
      .selectFrom('gatewayDevice as g')
      .select(['g.id', 'g.deviceName'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('deviceBan as b').select('b.id').whereRef('b.deviceName', '=', 'g.deviceName'))
          .as('banned'),
      )
      .where('g.deviceName', '=', query.deviceName);
    if (ctx.scope.agentId !== null) q = q.where('g.agentId', '=', ctx.scope.agentId);
    const row = await q.executeTakeFirst();
    if (row) {
      const banned = Boolean(Number(row.banned));
      return issue(app, ctx, { kind: 'gateway', serial: row.deviceName, id: row.id, banned });
    }
    // Not on record yet: a serial shipped on the caller's hardware order gets its key before its
    // first connection (which makes it the provider's device, ./shipped-claim.ts).
    const shipped = await shippedDevice(ctx, query.deviceName);
    if (!shipped) throw new AppError('recordNotFound');
    return issue(app, ctx, shipped);
  });
  const android = async (id: string, ctx: RequestContext) => {
    let q = ctx.db.selectFrom('androidDevice').select(['id', 'deviceNo', 'banned']).where('id', '=', toDbId(id));
    if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    return issue(app, ctx, { kind: 'android', serial: row.deviceNo, id: row.id, banned: row.banned === 1 });
  };
  bindEndpoint(app, deviceCredentialEndpoints.android, ({ query }, ctx) => android(query.id, ctx));
  bindEndpoint(app, deviceCredentialEndpoints.agentAndroid, ({ query }, ctx) => android(query.id, ctx));
}
