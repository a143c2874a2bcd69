import type { Kysely } from 'kysely';
import { type Rng, seededRng } from '../../adapters/devices/rng.js';
import type { Database } from '../../db/types.js';
import { loadInBulk } from './bulk-load.js';
import { addProviderSms, seedProviderApplications } from './scale-breadth.js';
import { between, companyName, mobile, personName, pick, place } from './scale-names.js';
import { seedProducts } from './scale-products.js';
import { ANCHOR, DAY, iso, WRITE_ORDER, writeChunk } from './scale-stores.js';
import { ScaleWriter } from './scale-writer.js';

type Row = Record<string, unknown>;

export interface ScaleOptions {
  /** About this many stores' worth of data. */
  stores: number;
  /** Same seed, same data. */
  seed?: number;
  /** Providers to spread the stores over; default one per 6 stores (about 3 enterprises of 2 stores each). */
  providers?: number;
  /** Stores generated and written per batch of INSERTs. */
  chunk?: number;
  /**
   * Indexes, keyword grams and staff counts built once after the rows (bulk-load.ts), the default;
   * false fires the triggers per row, as any other writer does (scale-bulk.test.ts compares the two).
   */
  bulk?: boolean;
  onProgress?: (done: number, total: number, elapsedMs: number) => void;
  /** Each bulk-load phase's name and time, as it ends. */
  onPhase?: (phase: string, ms: number) => void;
}

export interface ScaleResult {
  providers: number;
  counts: Record<string, number>;
  elapsedMs: number;
}

/**
 * Fills the database with about `stores` stores' worth of tenant data, spread over many
 * providers: per store a home user, ~10 staff applet users, a gateway, ~3 android terminals,
 * ~2 store payments and a provider payment; an enterprise per ~2 stores with its wallet; a
 * hardware order per ~10 stores. Batched multi-row INSERTs, all in one transaction, loaded in bulk
 * (bulk-load.ts) unless `bulk` is false.
 */
export async function seedScale(db: Kysely<Database>, opts: ScaleOptions): Promise<ScaleResult> {
  const started = performance.now();
  const seed = opts.seed ?? 1;
  const total = Math.max(1, Math.floor(opts.stores));
  const providers = Math.max(1, opts.providers ?? Math.round(total / 6));
  const chunk = opts.chunk ?? 2_000;
  const rng = seededRng(seed);
  const tag = `S${seed}`;

  const clash = await db.selectFrom('agent').where('agentNo', '=', `${tag}A00001`).select('id').executeTakeFirst();
  if (clash) throw new Error(`种子 ${seed} 的规模数据已存在，请换一个 --seed`);

  const w = new ScaleWriter(db);
  for (const t of ['agent', 'hardwareProduct', ...WRITE_ORDER] as const) await w.reserve(t);

  // One transaction: the bulk load sets indexes and triggers aside inside it.
  await db.transaction().execute(async (trx) => {
    const load = async () => {
      const agentIds = await seedProviders(trx, w, rng, tag, providers);
      await seedProviderApplications(trx, w, rng, { tag, providers, anchor: ANCHOR });
      const products = await seedProducts(trx, w, tag);
      for (let from = 0; from < total; from += chunk) {
        const to = Math.min(total, from + chunk);
        await writeChunk(trx, w, rng, { tag, from, to, total, providers, agentIds, products });
        opts.onProgress?.(to, total, performance.now() - started);
      }
      return w.ranges();
    };
    if (opts.bulk === false) await load();
    else await loadInBulk(trx, ['agent', 'agentMenu', 'hardwareProduct', ...WRITE_ORDER], load, opts.onPhase);
  });
  await w.finish();
  return { providers, counts: w.counts, elapsedMs: performance.now() - started };
}

async function seedProviders(trx: Kysely<Database>, w: ScaleWriter, rng: Rng, tag: string, n: number) {
  const ids: number[] = [];
  const rows: Row[] = [];
  const sms: Row[] = [];
  for (let i = 1; i <= n; i += 1) {
    const id = w.id('agent');
    const p = place(rng);
    const openedMs = ANCHOR - between(rng, 200, 1500) * DAY;
    ids.push(id);
    rows.push({
      id,
      agentNo: `${tag}A${String(i).padStart(5, '0')}`,
      name: companyName(rng, p.city).replace(/有限公司$/, '科技有限公司'),
      kind: 1,
      contactName: personName(rng),
      contactPhone: mobile(rng),
      region: p.region,
      address: p.address,
      level: pick(rng, [1, 2, 3, 3, 3]),
      status: 1,
      openedAt: iso(openedMs),
      expireAt: iso(ANCHOR + between(rng, 30, 700) * DAY),
      webPrice: null,
      staffAppletPrice: null,
      remark: '',
      direct: 0,
      createdAt: iso(openedMs),
      updatedAt: iso(openedMs),
    });
    addProviderSms((_table, row) => sms.push(row), w, rng, { agentId: id, openedMs });
  }
  await w.insert(trx, 'agent', rows);
  await w.insert(trx, 'smsLog', sms);
  // Every provider gets the whole provider menu, so its operators can work the big lists.
  const menus = await trx.selectFrom('menu').where('scope', '=', 'agent').select('id').execute();
  await w.insert(
    trx,
    'agentMenu',
    ids.flatMap((agentId) => menus.map((m) => ({ agentId, menuId: m.id }))),
  );
  return ids;
}
