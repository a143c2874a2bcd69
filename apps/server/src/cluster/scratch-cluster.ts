import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bundleServer, serverBundle } from '../../build/bundle.js';
import { newToken } from '../credentials/tokens.js';
import { type LocalBroker, startLocalBroker } from '../device-broker/local-broker.js';
import { freePort } from '../lib/free-port.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { prepareDatabase } from '../scripts/seed/index.js';
import { type LocalCluster, ensureDatabase, startLocalCluster } from './local-cluster.js';

export interface ScratchClusterOptions {
  processes: number;
  /** Any URL of the PostgreSQL server to use (TEST_DATABASE_URL); the cluster gets a database of its own on it. */
  postgresUrl: string;
  redisUrl: string;
  /** Names the scratch database (`<prefix>_<hex>`) and the temp folder. */
  prefix: string;
  /** A broker of the caller's; default a secured Mosquitto of the cluster's own on a free port. */
  deviceMqttUrl?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ScratchCluster extends LocalCluster {
  databaseUrl: string;
  /** The cluster's own broker (absent when the caller gave one). */
  broker: LocalBroker | null;
  /** The bearer secret of every process's `/api/metrics`. */
  metricsToken: string;
  /** A client of the cluster's database, for checking what was written. */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new database, migrated and with the demo data, made here while the bundle builds. */
async function createDemoDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    await prepareDatabase(database.db, loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }));
  } finally {
    await database.close();
  }
}

async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * A whole cluster that leaves nothing behind, for the cluster test and `npm run bench -- cluster`:
 * the server bundled to a file of its own (no build of the console needed), a new PostgreSQL
 * database with the demo data, a secured broker and HAProxy on free ports. `stop` ends the
 * processes and drops the database, the broker's folder and the bundle.
 */
export async function startScratchCluster(o: ScratchClusterOptions): Promise<ScratchCluster> {
  const tag = randomBytes(4).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), `${o.prefix}-`));
  const entry = serverBundle.replace(/main\.js$/, `main.${o.prefix}-${tag}.js`);
  const databaseUrl = withDatabase(o.postgresUrl, `${o.prefix}_${tag}`);
  const metricsToken = newToken();
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
    rmSync(entry, { force: true });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    cleanups.push(() => dropDatabase(databaseUrl));
    const brokerStarted = o.deviceMqttUrl
      ? null
      : startLocalBroker({ port: 0, dir: path.join(dir, 'broker'), persistence: false }).then((b) => {
          cleanups.push(() => b.stop());
          return b;
        });
    const [, broker] = await Promise.all([bundleServer(entry), brokerStarted, createDemoDatabase(databaseUrl)]);
    const [port, basePort] = [await freePort(), await freePort()];
    const cluster = await startLocalCluster({
      processes: o.processes,
      port,
      // Consecutive ports from a free one: taken ones are rare on loopback, and a clash fails loudly.
      basePort,
      databaseUrl,
      redisUrl: o.redisUrl,
      deviceMqttUrl: o.deviceMqttUrl ?? broker?.url,
      dir,
      entry,
      prepared: true,
      env: { METRICS_TOKEN: metricsToken, LOG_LEVEL: 'warn', DRAIN_GRACE_MS: '0', ...o.env },
      ...(o.log ? { log: o.log } : {}),
    });
    cleanups.push(() => cluster.stop());
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => pool.end());
    return {
      ...cluster,
      databaseUrl,
      broker,
      metricsToken,
      query: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
        (await pool.query<R>(sql, params)).rows,
      stop: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
