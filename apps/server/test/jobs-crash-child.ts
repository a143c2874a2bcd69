/**
 * A server process that takes one queued job and never finishes it: the pg-boss crash test
 * (plugins/jobs/pg-boss-engine.test.ts) kills it with SIGKILL once it says `claimed`.
 * DATABASE_URL names the shared database.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  SEED_DEMO: '0',
  UPLOAD_DIR: process.env.UPLOAD_DIR,
  JOBS_EXPIRE_SECONDS: '2',
  JOBS_POLL_SECONDS: '0.5',
});
const app = await buildApp({
  config,
  database: openDatabase(config.DATABASE_URL),
  logLevel: 'silent',
  extend: (a) => {
    a.jobs.work('crash-test', () => {
      process.stdout.write('claimed\n');
      return new Promise(() => undefined);
    });
  },
});
await app.jobs.enqueue('crash-test', { from: 'child' });
