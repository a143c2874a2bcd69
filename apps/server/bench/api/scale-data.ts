import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/db/seed/index.js';
import { seedScale } from '../../src/db/seed/scale.js';
import { DATA_DIR } from './data.js';

/**
 * The demo database plus the scale generator's data for `stores` stores (`npm run seed -- --scale`,
 * every table the enterprise and store screens read, in the generator's proportions), analysed.
 * A SQLite file under .data, reused between runs like ./data.ts's files.
 */
export async function scaleDatabase(stores: number, log: (line: string) => void): Promise<string> {
  const file = join(DATA_DIR, `api-scale-${stores}.sqlite`);
  if (existsSync(file)) {
    // A reused file follows the code's migrations, as a deployed server's database does.
    const database = openDatabase(`sqlite:${file}`);
    await migrateToLatest(database.db).finally(() => database.close());
    return `sqlite:${file}`;
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  log(`生成 SQLite 规模数据：${stores.toLocaleString()} 家门店 → ${file}`);
  const url = `sqlite:${building}`;
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    await prepareDatabase(database.db, loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'silent' }));
    let said = 0;
    await seedScale(database.db, {
      stores,
      chunk: 5_000,
      onProgress: (done, total, ms) => {
        if (done - said < total / 10 && done < total) return;
        said = done;
        log(`  门店 ${done.toLocaleString()}/${total.toLocaleString()}，${(ms / 1000).toFixed(0)} 秒`);
      },
    });
    await sql`analyze`.execute(database.db);
  } finally {
    await database.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  renameSync(building, file);
  return `sqlite:${file}`;
}
