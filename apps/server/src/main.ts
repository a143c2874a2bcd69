import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './db/open.js';

// config → database → migrate → listen → graceful close.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });

  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: draining requests');
    // Fastify stops accepting, waits for in-flight requests, then runs onClose hooks.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost');
  console.log(`\n  运营后台已启动: ${url}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
