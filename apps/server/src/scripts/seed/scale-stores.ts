import type { Kysely } from 'kysely';
import type { Rng } from '../../adapters/devices/rng.js';
import type { Database } from '../../db/types.js';
import { refundAmountOf } from '../../modules/finance/payment-money.js';
import { addEnterpriseApplet, BREADTH_TABLES } from './scale-breadth.js';
import { between, companyName, mobile, personName, pick, place, ROOM_NAMES, storeName } from './scale-names.js';
import type { ScaleWriter } from './scale-writer.js';

// The stores of the scale generator (scale.ts) and all that hangs off each: enterprises and their
// wallets and applets, people, devices, payments and hardware orders.

type Row = Record<string, unknown>;
export const DAY = 86_400_000;
/** Generated times hang off a fixed instant, so a seed always gives the same rows. */
export const ANCHOR = Date.UTC(2026, 10, 1);
/** Store status of the recycle bin (contract storeStatus). */
const RECYCLED = 4;
/** One paid store payment in this many is refunded. */
const REFUND_EVERY = 37;
const REJECT_REASONS = ['营业执照照片不清晰', '门店地址与营业执照不一致', '联系人手机号无法接通', '门头照片缺失'];
export const iso = (ms: number) => new Date(ms).toISOString();
const date = (ms: number) => iso(ms).slice(0, 10);
const STAFF_VERSIONS = ['2.3.0', '2.4.1', '2.5.0', '2.6.2'];
const APP_VERSIONS = ['3.8.0', '3.9.2', '4.0.1', '4.1.0'];
const DEVICE_TYPES = ['iPhone', 'HUAWEI', 'Xiaomi', 'OPPO', 'vivo', 'HONOR'];
const FIRMWARE = ['V2.0.8', 'V2.1.0', 'V2.1.3', 'V2.2.0'];
/** Parents before children, for the foreign keys. */
export const WRITE_ORDER = [
  'enterprise',
  'enterpriseWallet',
  'store',
  'homeUser',
  'staffAppletUser',
  'gatewayDevice',
  'androidDevice',
  'storePayment',
  'providerPayment',
  'hardwareOrder',
  'hardwareOrderItem',
  ...BREADTH_TABLES,
] as const;

export interface ChunkPlan {
  tag: string;
  /** Stores [from, to) of `total`. */
  from: number;
  to: number;
  total: number;
  providers: number;
  agentIds: number[];
  products: { id: number; name: string; unitPrice: number }[];
}

/** Generates stores [from, to) with their enterprises (which stay with one provider) and writes them. */
export async function writeChunk(trx: Kysely<Database>, w: ScaleWriter, rng: Rng, c: ChunkPlan): Promise<void> {
  const { tag, from, to, total, providers, agentIds, products } = c;
  const rows: Record<string, Row[]> = {};
  const add = (table: string, row: Row) => (rows[table] ??= []).push(row);
  let i = from;
  while (i < to) {
    const agentIndex = Math.floor((i * providers) / total);
    const agentId = agentIds[agentIndex] as number;
    const p = place(rng);
    const enterpriseId = w.id('enterprise');
    const createdMs = ANCHOR - between(rng, 30, 730) * DAY;
    add('enterprise', {
      id: enterpriseId,
      agentId,
      name: companyName(rng, p.city),
      contactName: personName(rng),
      contactPhone: mobile(rng),
      address: `${p.region.replaceAll('/', '')}${p.address}`,
      status: 1,
      storeCount: 0,
      remark: '',
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    });
    addEnterpriseApplet(add, w, rng, {
      agentId,
      enterpriseId,
      principalName: (rows.enterprise?.at(-1) as Row).name as string,
      anchor: ANCHOR,
      createdMs,
    });
    add('enterpriseWallet', {
      id: w.id('enterpriseWallet'),
      agentId,
      enterpriseId,
      balance: between(rng, 0, 500) * 1000,
      status: rng() < 0.97 ? 1 : 0,
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    });
    // Stores of one enterprise stay with its provider: stop at the provider boundary.
    const size = between(rng, 1, 3);
    let owned = 0;
    let counted = 0;
    while (owned < size && i < to && Math.floor((i * providers) / total) === agentIndex) {
      if (addStore(add, w, rng, { tag, agentId, enterpriseId, createdMs, place: p }) !== RECYCLED) counted += 1;
      owned += 1;
      i += 1;
      if (i % 10 === 0) {
        addOrder(add, w, rng, { tag, agentId, products, place: p });
      }
    }
    // As the console keeps it: the recycle bin is not counted.
    (rows.enterprise?.at(-1) as Row).storeCount = counted;
  }
  for (const table of WRITE_ORDER) await w.insert(trx, table, rows[table] ?? []);
}

type Add = (table: string, row: Row) => void;

function addStore(
  add: Add,
  w: ScaleWriter,
  rng: Rng,
  s: { tag: string; agentId: number; enterpriseId: number; createdMs: number; place: ReturnType<typeof place> },
): number {
  const { agentId } = s;
  const storeId = w.id('store');
  const createdMs = s.createdMs + between(rng, 0, 20) * DAY;
  const created = iso(createdMs);
  const expireMs = ANCHOR + between(rng, -60, 400) * DAY;
  // About 1 in 100 stores waits in 开店申请 and 2 in 100 sit in the recycle bin, one in five of
  // those a rejected application, so the review screens have realistic queues at scale.
  const roll = rng();
  const fate = roll < 0.01 ? 'pending' : roll < 0.026 ? 'recycled' : roll < 0.03 ? 'rejected' : null;
  const status = fate === 'pending' ? 0 : fate ? RECYCLED : expireMs < ANCHOR ? 3 : rng() < 0.03 ? 2 : 1;
  const reviewedMs = createdMs + between(rng, 1, 5) * DAY;
  add('store', {
    id: storeId,
    storeNo: `${s.tag}M${String(storeId).padStart(8, '0')}`,
    name: storeName(rng, s.place),
    agentId,
    enterpriseId: s.enterpriseId,
    storeType: rng() < 0.55 ? 2 : 1,
    region: s.place.region,
    address: s.place.address,
    contactName: personName(rng),
    contactPhone: mobile(rng),
    status,
    webExpireAt: iso(expireMs),
    appletExpireAt: iso(expireMs - between(rng, 0, 60) * DAY),
    appliedAt: created,
    reviewedAt: fate === 'pending' ? null : fate === 'rejected' ? iso(reviewedMs) : created,
    rejectReason: fate === 'rejected' ? pick(rng, REJECT_REASONS) : '',
    recycledAt: fate === 'recycled' || fate === 'rejected' ? iso(reviewedMs + DAY) : null,
    statusBeforeRecycle: fate === 'rejected' ? 0 : fate === 'recycled' ? 1 : null,
    remark: '',
    createdAt: created,
    updatedAt: created,
  });
  const base = { agentId, storeId, createdAt: created, updatedAt: created };
  add('homeUser', {
    ...base,
    id: w.id('homeUser'),
    name: personName(rng),
    phone: mobile(rng),
    appVersion: pick(rng, APP_VERSIONS),
    expireDate: date(expireMs),
    status: 1,
    lastLoginAt: iso(ANCHOR - between(rng, 0, 90) * DAY),
  });
  for (let k = between(rng, 7, 13); k > 0; k -= 1) {
    add('staffAppletUser', {
      ...base,
      id: w.id('staffAppletUser'),
      nickname: personName(rng),
      phone: mobile(rng),
      openId:
        rng() < 0.9
          ? `o${Math.floor(rng() * 36 ** 10)
              .toString(36)
              .padStart(10, '0')}${storeId.toString(36)}`
          : null,
      deviceType: pick(rng, DEVICE_TYPES),
      appVersion: pick(rng, STAFF_VERSIONS),
      serviceType: between(rng, 1, 3),
      dueDate: date(ANCHOR + between(rng, -30, 365) * DAY),
      status: 1,
      lastLoginAt: iso(ANCHOR - between(rng, 0, 30) * DAY),
    });
  }
  const online = rng() < 0.85;
  add('gatewayDevice', {
    ...base,
    id: w.id('gatewayDevice'),
    deviceName: `ZKB${s.tag}${String(storeId).padStart(8, '0')}`,
    ip: `10.${between(rng, 0, 255)}.${between(rng, 0, 255)}.${between(rng, 2, 254)}`,
    firmwareVersion: pick(rng, FIRMWARE),
    communicationStatus: online ? 1 : 0,
    lastSeenAt: iso(ANCHOR - (online ? between(rng, 0, 300) * 1000 : between(rng, 1, 20) * DAY)),
    boundAt: created,
    deviceCode: `ZK${storeId.toString(16).toUpperCase().padStart(6, '0')}`,
    restarting: 0,
    restartRequestedAt: null,
    remark: '',
  });
  for (let k = between(rng, 2, 4), floor = 1; k > 0; k -= 1, floor += rng() < 0.5 ? 1 : 0) {
    const id = w.id('androidDevice');
    add('androidDevice', {
      ...base,
      id,
      deviceNo: `AT${s.tag}${String(id).padStart(9, '0')}`,
      name: `${floor} 楼${pick(rng, ROOM_NAMES)} ${between(rng, 1, 30)} 号`,
      roomType: between(rng, 1, 4),
      floor,
      ip: `192.168.${between(rng, 0, 9)}.${between(rng, 2, 254)}`,
      appVersion: pick(rng, APP_VERSIONS),
      voiceCodeId: null,
      online: rng() < 0.8 ? 1 : 0,
      lastHeartbeatAt: iso(ANCHOR - between(rng, 0, 3600) * 1000),
      restarting: 0,
      banned: 0,
      remark: '',
    });
  }
  for (let k = between(rng, 1, 3); k > 0; k -= 1) {
    const item = between(rng, 1, 4);
    const months = item === 1 ? 12 : item === 2 ? pick(rng, [3, 6, 12]) : 0;
    const paid = rng() < 0.9;
    const at = createdMs + between(rng, 0, 300) * DAY;
    const id = w.id('storePayment');
    const amount = item === 1 ? 298_000 : item === 2 ? months * 3_000 : between(rng, 2, 20) * 5_000;
    const channel = between(rng, 1, 4);
    const payStatus = paid ? 1 : pick(rng, [0, 3]);
    // One paid payment in REFUND_EVERY is refunded a few days later, whole (finance/payment-money.ts);
    // chosen by id, not the generator, so the rest of the data stays what the seed gave before.
    const refunded = payStatus === 1 && id % REFUND_EVERY === 0;
    add('storePayment', {
      ...base,
      id,
      paymentNo: `JF${s.tag}${String(id).padStart(10, '0')}`,
      item,
      months,
      amount,
      channel,
      status: refunded ? 2 : payStatus,
      paidAt: paid ? iso(at) : null,
      refundAmount: refundAmountOf({ status: refunded ? 2 : payStatus, amount }),
      refundedAt: refunded ? iso(at + ((id % 7) + 1) * DAY) : null,
      refundReason: refunded ? '门店重复缴费，原路退回' : '',
      remark: '',
    });
  }
  const pid = w.id('providerPayment');
  add('providerPayment', {
    ...base,
    id: pid,
    recordNo: `FW${s.tag}${String(pid).padStart(10, '0')}`,
    item: 1,
    quantity: 1,
    unitPrice: 98_000,
    amount: 98_000,
    channel: pick(rng, [1, 2, 4]),
    status: 1,
    paidAt: created,
    remark: '',
  });
  return status;
}

function addOrder(
  add: Add,
  w: ScaleWriter,
  rng: Rng,
  o: {
    tag: string;
    agentId: number;
    products: { id: number; name: string; unitPrice: number }[];
    place: ReturnType<typeof place>;
  },
) {
  const orderId = w.id('hardwareOrder');
  const createdMs = ANCHOR - between(rng, 1, 600) * DAY;
  const status = pick(rng, [0, 1, 2, 3, 3, 3, 4]);
  let amount = 0;
  for (const product of o.products.slice(0, between(rng, 1, o.products.length))) {
    const quantity = between(rng, 1, 10);
    amount += quantity * product.unitPrice;
    add('hardwareOrderItem', {
      id: w.id('hardwareOrderItem'),
      orderId,
      productId: product.id,
      productName: product.name,
      quantity,
      unitPrice: product.unitPrice,
      amount: quantity * product.unitPrice,
    });
  }
  const at = (days: number) => iso(createdMs + days * DAY);
  add('hardwareOrder', {
    id: orderId,
    orderNo: `YJ${o.tag}${String(orderId).padStart(9, '0')}`,
    agentId: o.agentId,
    amount,
    status,
    receiver: personName(rng),
    phone: mobile(rng),
    address: `${o.place.region.replaceAll('/', '')}${o.place.address}`,
    logisticsCompany: status >= 2 && status <= 3 ? pick(rng, ['顺丰速运', '京东物流', '中通快递']) : '',
    trackingNo: status >= 2 && status <= 3 ? `SF${between(rng, 1e9, 9e9)}${between(rng, 100, 999)}` : '',
    paidAt: status >= 1 && status <= 3 ? at(1) : null,
    shippedAt: status >= 2 && status <= 3 ? at(3) : null,
    completedAt: status === 3 ? at(7) : null,
    cancelledAt: status === 4 ? at(2) : null,
    remark: '',
    createdAt: iso(createdMs),
    updatedAt: iso(createdMs),
  });
}
