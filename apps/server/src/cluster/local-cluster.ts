import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The HAProxy configuration we ship; a local cluster is this file with its bind and servers filled in. */
export const shippedHaproxyConfig = fileURLToPath(new URL('../../../../deploy/haproxy/haproxy.cfg', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const serverBundle = path.join(serverDir, 'dist/main.js');

export interface ClusterOptions {
  processes: number;
  /** Where HAProxy listens: the one URL to open. */
  port: number;
  /** The API processes listen on basePort, basePort + 1, … (loopback only). */
  basePort: number;
  databaseUrl: string;
  redisUrl: string;
  deviceMqttUrl?: string;
  /** Logs and the generated HAProxy file. */
  dir: string;
  /** The server to run, a bundle of src/main.ts (build/bundle.ts); default the build's dist/main.js. */
  entry?: string;
  /** The database is migrated and seeded already: every process starts at once, not the first alone. */
  prepared?: boolean;
  /** More environment for every process (METRICS_TOKEN, DRAIN_GRACE_MS, LOG_LEVEL…). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface LocalCluster {
  url: string;
  servers: { port: number; child: ChildProcess }[];
  /** Starts process `i` again after it died (tests kill one). */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** The shipped HAProxy file with this cluster's front door and its API processes. */
export function haproxyConfig(shipped: string, port: number, serverPorts: number[]): string {
  const servers = serverPorts.map((p, i) => `    server api${i + 1} 127.0.0.1:${p} check`).join('\n');
  return shipped.replace('{{bind}}', `127.0.0.1:${port}`).replace('{{servers}}', servers);
}

/** Creates the cluster's PostgreSQL database when it does not exist yet (a fresh one gets demo data). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

async function ready(port: number, ms: number, child?: ChildProcess, logFile?: string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(
        `进程 127.0.0.1:${port} 启动时退出（${child.exitCode ?? child.signalCode}），日志 ${logFile} 末尾：\n` +
          (logFile ? readFileSync(logFile, 'utf8').slice(-2000) : ''),
      );
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`进程 127.0.0.1:${port} 未在 ${ms / 1000} 秒内就绪`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * N API processes of the built server on PostgreSQL + Redis (+ the device broker) behind HAProxy,
 * health-checked on `/api/health/ready`. The first process starts alone (it migrates and, on a new
 * database, seeds the demo), then the others. For `npm run cluster` and the cluster tests.
 */
export async function startLocalCluster(o: ClusterOptions): Promise<LocalCluster> {
  mkdirSync(o.dir, { recursive: true });
  const log = o.log ?? (() => undefined);
  const fresh = await ensureDatabase(o.databaseUrl);
  const ports = Array.from({ length: o.processes }, (_, i) => o.basePort + i);
  const servers: LocalCluster['servers'] = [];
  const start = (i: number) => {
    const port = ports[i]!;
    const out = path.join(o.dir, `api${i + 1}.log`);
    writeFileSync(out, '');
    const child = spawn(process.execPath, ['--max-semi-space-size=8', o.entry ?? serverBundle], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: o.databaseUrl,
        REDIS_URL: o.redisUrl,
        TRUST_PROXY: '1',
        INSTANCE_ID: `api${i + 1}`,
        SEED_DEMO: fresh && i === 0 ? '1' : '0',
        ...(o.deviceMqttUrl ? { DEVICE_MQTT_URL: o.deviceMqttUrl } : {}),
        ...o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const write = (chunk: Buffer) => writeFileSync(out, chunk, { flag: 'a' });
    child.stdout?.on('data', write);
    child.stderr?.on('data', write);
    servers[i] = { port, child };
    return ready(port, 120_000, child, out).then(() =>
      log(`  API 进程 ${i + 1}：127.0.0.1:${port} 已就绪（日志 ${out}）`),
    );
  };
  if (o.prepared) await Promise.all(ports.map((_, i) => start(i)));
  else {
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
  }

  const cfg = path.join(o.dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(readFileSync(shippedHaproxyConfig, 'utf8'), o.port, ports));
  const haproxy = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  haproxy.stderr?.on('data', (chunk: Buffer) => writeFileSync(path.join(o.dir, 'haproxy.log'), chunk, { flag: 'a' }));
  await ready(o.port, 15_000);
  return {
    url: `http://localhost:${o.port}`,
    servers,
    restart: (i) => start(i),
    stop: async () => {
      haproxy.kill('SIGTERM');
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all([exited(haproxy), ...servers.map((s) => exited(s.child))]);
    },
  };
}
