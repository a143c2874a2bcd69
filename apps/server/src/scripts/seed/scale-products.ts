import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ScaleWriter } from './scale-writer.js';

/** Generated times hang off a fixed instant (as in scale.ts), so a seed always gives the same rows. */
const ANCHOR = Date.UTC(2026, 10, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** The hardware catalogue the generated orders buy from (硬件设置), one set per generator seed. */
export async function seedProducts(trx: Kysely<Database>, w: ScaleWriter, tag: string) {
  const now = iso(ANCHOR);
  const specs = [
    ['智能网关控制器', 'GW', 1, 128_000, '台'],
    ['安卓房间终端', 'AT', 2, 89_000, '台'],
    ['IC 手牌（100 只装）', 'IC', 3, 36_000, '箱'],
  ] as const;
  const rows = specs.map(([name, model, category, unitPrice, unit], sort) => ({
    id: w.id('hardwareProduct'),
    name,
    model: `${tag}-${model}`,
    category,
    unitPrice,
    unit,
    status: 1,
    sort,
    remark: '',
    createdAt: now,
    updatedAt: now,
  }));
  await w.insert(trx, 'hardwareProduct', rows);
  return rows.map((r) => ({ id: r.id, name: r.name, unitPrice: r.unitPrice }));
}
