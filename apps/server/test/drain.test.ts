import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors, socketCloseCodes, socketPath } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../src/scripts/seed/index.js';
import { SERVICE_RESTART_REASON } from '../src/realtime/websocket-scope.js';
import { testEngine } from './test-app.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const GRACE_MS = 1500;

/** Waits for main's start-up banner and returns the address it printed. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /运营后台已启动: (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

/** Resolves true once a TCP connection to the port is refused (false while one is accepted). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
}

async function until(probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A sign-in whose body is sent in two halves: between them the request is in flight (its
 * connection busy), with nothing in the server that only tests have. Resolves the raw response.
 */
function halfSentLogin(port: number, body: string): { socket: Socket; finish: () => void; response: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  socket.write(
    `POST /api/log/adminLogin/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bytes.length}\r\nConnection: keep-alive\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, half));
  const response = new Promise<string>((resolve, reject) => {
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    socket.once('close', () => resolve(raw));
    socket.once('error', reject);
  });
  return { socket, finish: () => socket.write(bytes.subarray(half)), response };
}

// One server process for the file (tsx over the sources, a temp SQLite, whatever the engine of the
// run: the drain is the process's, not the database's), sent the SIGTERM an orchestrator sends.
describe.skipIf(testEngine !== 'sqlite')('the graceful drain on SIGTERM (main.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-drain-'));
  let child: ChildProcess;
  let base: string;
  let port: number;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    const { REDIS_URL: _redis, DEVICE_MQTT_URL: _mqtt, ...inherited } = process.env;
    child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
        UPLOAD_DIR: join(dir, 'uploads'),
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        DRAIN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    base = await listeningAddress(child);
    port = Number(new URL(base).port);
  }, 60_000);

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails readiness first, finishes the request in flight, refuses new connections, closes sockets with 1012, exits 0', async () => {
    const body = JSON.stringify({ loginName: 'admin', password: DEMO_PASSWORD });
    const signIn = await fetch(`${base}/api/log/adminLogin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const { data } = (await signIn.json()) as { data: { token: string; userInfo: { id: number } } };
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, 'r1', data.userInfo.id)}`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
    const ready = new Promise<void>((resolve) => ws.on('message', (m: Buffer) => m.includes('"ready"') && resolve()));
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: data.token })));
    await ready;

    const inFlight = halfSentLogin(port, body);
    // The server has the headers: the connection is busy, not idle, when the drain begins.
    await new Promise((r) => setTimeout(r, 200));
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    // 1) Readiness fails at once, on a new connection, while the process still serves.
    await until(async () => (await fetch(`${base}/api/health/ready`)).status === 503, 1000);
    const readiness = await fetch(`${base}/api/health/ready`);
    expect(await readiness.json()).toMatchObject({ errCode: errors.draining.code });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS);

    // 2) After the grace the server stops accepting connections; 3) its sockets are told to reconnect.
    await until(() => refused(port), GRACE_MS + 3000);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(await closed).toEqual({ code: socketCloseCodes.serviceRestart, reason: SERVICE_RESTART_REASON });
    expect(child.exitCode).toBeNull();

    // The request in flight all along still completes; then its keep-alive connection is closed
    // (the response resolves on close), so the client reconnects elsewhere and the exit waits for no one.
    inFlight.finish();
    const raw = await inFlight.response;
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toContain('"errCode":0');

    // 5) Background work released, the process exits 0.
    expect(await exited).toBe(0);
  }, 30_000);
});
