import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { benchDataDir, repoRoot } from './paths.js';

export interface ConsoleServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/** A free port in bench-web's range (18300–18399), so a run never collides with other helpers' servers. */
async function freePort(): Promise<number> {
  for (let port = 18300; port <= 18399; port++) {
    const free = await new Promise<boolean>((ok) => {
      const probe = createServer();
      probe.once('error', () => ok(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => ok(true)));
    });
    if (free) return port;
  }
  throw new Error('18300–18399 之间没有空闲端口');
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`控制台服务未能启动 (${url})\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
}

/**
 * The real server as a child process (its own event loop, not the browser driver's) over a fresh
 * SQLite file with the demo data, serving the given console build.
 */
export async function startConsoleServer(webDist: string): Promise<ConsoleServer> {
  mkdirSync(benchDataDir, { recursive: true });
  const dir = mkdtempSync(join(benchDataDir, 'console-server-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(dir, 'server.log');
  const log = createWriteStream(logFile);
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'console.sqlite')}`,
      SEED_DEMO: '1',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // Every measured load signs in again; the default per-minute cap is for real attackers.
      LOGIN_RATE_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    await waitForHealth(`${baseURL}/api/health`, child, logFile);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      log.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
