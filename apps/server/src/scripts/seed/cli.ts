import { sql } from 'kysely';
import { loadConfig } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import { openDatabase } from '../../db/open.js';
import { prepareDatabase } from './index.js';
import { seedScale } from './scale.js';
import { rebuildListSums } from '../../modules/finance/list-sum-rebuild.js';
import { rebuildRollups } from '../../modules/reports/rollup-rebuild.js';

const USAGE = `用法：npm run seed -- --scale <门店数> [--seed <整数>] [--providers <服务商数>]
  在 DATABASE_URL 指向的数据库（默认内置 SQLite 文件）里生成约 <门店数> 家门店的数据。`;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function intArg(name: string, fallback?: number): number | undefined {
  const text = arg(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} 需要正整数，收到 "${text}"\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const stores = intArg('scale');
  if (stores === undefined) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    if (config.databaseKind === 'sqlite') {
      // This connection only (the server's settings are untouched): the gram inserts and index builds of
      // one big transaction work in a 1 GiB page cache instead of SQLite's 2 MB default, sorts stay in
      // memory, and nothing waits for fsync (a crashed seed is re-run on a fresh file anyway).
      await sql`pragma cache_size = -1048576`.execute(database.db);
      await sql`pragma temp_store = memory`.execute(database.db);
      await sql`pragma synchronous = off`.execute(database.db);
    }
    // Menus and the first accounts exist before the generated providers are granted menus.
    const prepared = await prepareDatabase(database.db, config);
    const seed = intArg('seed', 1) ?? 1;
    const providers = intArg('providers');
    console.log(`开始生成：${stores} 家门店，种子 ${seed}，数据库 ${config.databaseKind}`);
    const result = await seedScale(database.db, {
      stores,
      seed,
      ...(providers ? { providers } : {}),
      onProgress: (done, total, ms) => {
        const rate = Math.round((done / ms) * 1000);
        console.log(
          `  门店 ${done}/${total}（${Math.round((done / total) * 100)}%），${(ms / 1000).toFixed(1)} 秒，约 ${rate} 家/秒`,
        );
      },
      onPhase: (phase, ms) => console.log(`  阶段 ${phase}：${(ms / 1000).toFixed(1)} 秒`),
    });
    console.log(`完成：${result.providers} 个服务商，用时 ${(result.elapsedMs / 1000).toFixed(1)} 秒`);
    for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table}: ${n}`);
    // The generator writes rows in bulk, past the write path: the reports' rollups and the payment lists' sums are rebuilt from them.
    const t0 = performance.now();
    console.log(
      `  报表汇总：${await rebuildRollups(database.db)} 行，${((performance.now() - t0) / 1000).toFixed(1)} 秒`,
    );
    const t1 = performance.now();
    console.log(
      `  缴费列表合计汇总：${await rebuildListSums(database.db)} 行，${((performance.now() - t1) / 1000).toFixed(1)} 秒`,
    );
    for (const s of prepared.signIns) console.log(`  登录：${s.loginName} / ${s.password}（${s.description}）`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
