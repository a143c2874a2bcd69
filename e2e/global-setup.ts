import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
  throw new Error(`e2e server did not become healthy at ${url}\n${log}`);
}

/**
 * Starts the real server as `npm start` runs it (bundled by the server's build, then plain node)
 * on a free port over a fresh temp SQLite file with demo data, serving the built console; tests
 * read the address from E2E_BASE_URL. Returns the teardown that stops it and removes the temp
 * folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const webDist = join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run test:e2e` (it builds the console first)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(dir, 'server.log');
  const log = createWriteStream(logFile);

  // The server's own build (a second or two): the bundle is what production runs.
  const built = spawnSync(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/build/bundle.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed (apps/server/build/bundle.ts)');

  // One process: in-process realtime and counters, whatever the developer's shell has set.
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Absolute URLs (an app version's download address) name the address the browser uses.
      PUBLIC_URL: baseURL,
      DATABASE_URL: `sqlite:${join(dir, 'e2e.sqlite')}`,
      SEED_DEMO: '1',
      WEB_DIST: webDist,
      UPLOAD_DIR: join(dir, 'uploads'),
      LOG_LEVEL: 'warn',
      // Each browser context sends its own X-Forwarded-For (fixtures.ts), so per-address captcha
      // and rate-limit counters never leak from one test into another.
      TRUST_PROXY: '1',
      LOGIN_RATE_PER_MINUTE: '1000',
      // The in-process device simulator follows this file: a test unplugs a gateway by appending a line.
      DEVICE_SIMULATOR_CONTROL_FILE: join(dir, 'devices.control'),
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
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_DEVICE_CONTROL = join(dir, 'devices.control');

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    log.end();
    rmSync(dir, { recursive: true, force: true });
  };
}
