import type { Kysely } from 'kysely';
import type { Rng } from '../../adapters/devices/rng.js';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';
import type { DemoClock } from './demo-clock.js';
import { between, mobile, personName, place } from './scale-names.js';

const PRODUCTS = [
  { name: 'ZKB 中控网关', model: 'ZKB-G3', category: 1, unitPrice: 128_000, unit: '台' },
  { name: '安卓房间呼叫终端 8 寸', model: 'AT-800', category: 2, unitPrice: 69_900, unit: '台' },
  { name: '智能柜锁（感应式）', model: 'LK-220', category: 3, unitPrice: 18_800, unit: '把' },
  { name: 'IC 手牌（防水）', model: 'WB-IC1', category: 4, unitPrice: 1_200, unit: '个' },
  { name: '手牌发卡器', model: 'WB-W10', category: 5, unitPrice: 39_900, unit: '台' },
  { name: '网关备用电源', model: 'PW-12V', category: 5, unitPrice: 8_800, unit: '个' },
];
const LOGISTICS = ['顺丰速运', '京东物流', '中通快递'];

/** Hardware products, orders in every status with items and shipped serials, and the registers. */
export async function seedDemoOrders(db: Kysely<Database>, rng: Rng, clock: DemoClock, agents: DemoAgents) {
  const products = await db
    .insertInto('hardwareProduct')
    .values(PRODUCTS.map((p, i) => ({ ...p, status: i === 5 ? 0 : 1, sort: i, remark: '', ...clock.stamp(-300) })))
    .returning(['id', 'name', 'unitPrice', 'category'])
    .execute();

  let orderSerial = 0;
  let serial = 0;
  const equipment: { equipmentNo: string; orderId: number | null }[] = [];
  for (const agentId of [agents.a, agents.b]) {
    for (const status of [0, 1, 2, 3, 4, 3]) {
      orderSerial += 1;
      const days = -between(rng, 2, 200);
      const p = place(rng);
      const lines = [products[0]!, products[1]!, products[3]!].slice(0, between(rng, 1, 3));
      const items = lines.map((prod) => {
        const quantity = prod.category === 4 ? between(rng, 50, 300) : between(rng, 1, 6);
        return {
          productId: prod.id,
          productName: prod.name,
          quantity,
          unitPrice: prod.unitPrice,
          amount: prod.unitPrice * quantity,
        };
      });
      const shipped = status === 2 || status === 3;
      const order = await db
        .insertInto('hardwareOrder')
        .values({
          orderNo: `HO${clock.date(days).replaceAll('-', '')}${String(100_000 + orderSerial * 7).padStart(6, '0')}`,
          agentId,
          amount: items.reduce((s, i) => s + i.amount, 0),
          status,
          receiver: personName(rng),
          phone: mobile(rng),
          address: `${p.region.replaceAll('/', '')}${p.address}`,
          logisticsCompany: shipped ? LOGISTICS[orderSerial % LOGISTICS.length]! : '',
          trackingNo: shipped ? `SF${String(1_400_000_000_000 + orderSerial * 7919)}` : '',
          paidAt: status >= 1 && status <= 3 ? clock.at(days + 1) : null,
          shippedAt: shipped ? clock.at(days + 2) : null,
          completedAt: status === 3 ? clock.at(days + 5) : null,
          cancelledAt: status === 4 ? clock.at(days + 1) : null,
          remark: status === 4 ? '客户改单，取消' : '',
          ...clock.stamp(days),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('hardwareOrderItem')
        .values(items.map((i) => ({ ...i, orderId: order.id })))
        .execute();
      if (shipped) {
        const devices = items.flatMap((i) =>
          i.productId === products[0]!.id || i.productId === products[1]!.id
            ? Array.from({ length: i.quantity }, () => {
                serial += 1;
                const gateway = i.productId === products[0]!.id;
                return { kind: gateway ? 1 : 2, no: `${gateway ? 'ZKB' : 'AD'}S${String(500_000 + serial * 13)}` };
              })
            : [],
        );
        if (devices.length > 0) {
          await db
            .insertInto('hardwareOrderDevice')
            .values(
              devices.map((d) => ({
                orderId: order.id,
                agentId,
                deviceNo: d.no,
                deviceKind: d.kind,
                createdAt: clock.at(days + 2),
              })),
            )
            .execute();
          for (const d of devices.filter((x) => x.kind === 1)) equipment.push({ equipmentNo: d.no, orderId: order.id });
        }
      }
    }
  }
  for (let i = 0; i < 8; i += 1) equipment.push({ equipmentNo: `ZKBS${String(900_000 + i * 17)}`, orderId: null });

  const macOf = (i: number) =>
    ['00', '1A', '2B', (i >> 8).toString(16).padStart(2, '0'), (i & 0xff).toString(16).padStart(2, '0'), 'E0']
      .join(':')
      .toUpperCase();
  await db
    .insertInto('zkbEquipmentNo')
    .values(
      equipment.map((e, i) => ({
        equipmentNo: e.equipmentNo,
        mac: macOf(i + 1),
        batchNo: e.orderId ? 'ZB2609' : 'ZB2611',
        status: e.orderId ? 1 : 0,
        orderId: e.orderId,
        remark: '',
        ...clock.stamp(-100),
      })),
    )
    .execute();
  await db
    .insertInto('macAddress')
    .values(
      Array.from({ length: equipment.length + 6 }, (_, i) => ({
        mac: macOf(i + 1),
        batchNo: i < equipment.length ? 'MAC2609' : 'MAC2611',
        status: i < equipment.length ? 1 : 0,
        deviceName: equipment[i]?.equipmentNo ?? null,
        assignedAt: i < equipment.length ? clock.at(-100) : null,
        remark: '',
        ...clock.stamp(-120),
      })),
    )
    .execute();
  for (const agentId of [agents.a, agents.b, agents.direct]) {
    await db
      .insertInto('shipToAddress')
      .values(
        [1, 0].map((isDefault) => {
          const p = place(rng);
          return {
            agentId,
            receiver: personName(rng),
            phone: mobile(rng),
            region: p.region,
            address: p.address,
            isDefault,
            ...clock.stamp(-between(rng, 10, 200)),
          };
        }),
      )
      .execute();
  }
}
