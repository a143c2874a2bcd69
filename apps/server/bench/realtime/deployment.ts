import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { errors, sentMessageEndpoints } from '@console/contract';
import { type Runner, nextNotice, residentMb, spawnEntry, stop } from './children.js';
import type { ClientCommand, ClientNotice } from './client-entry.js';
import type { BenchSession, RealtimeDatabase } from './prepare-database.js';
import type { ServerNotice } from './server-entry.js';
import { wallNow } from './wall-clock.js';

const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Socket clients per deployment; the same in every setup so client-side cost is a constant. */
const CLIENT_PROCESSES = 2;
/** Sockets a client process opens at once while connecting. */
const CONNECT_CONCURRENCY = 50;

/** One system message's timings, all in ms on the machine clock. */
export interface Delivery {
  /** From the publish after commit to the last socket receiving the frame. */
  commitToLast: number;
  /** From the benchmark starting the send request to the last socket (an upper bound). */
  requestToLast: number;
  /** The publish call on the server; with one process, the whole fan-out loop. */
  publishCallMs: number;
  /** CPU time of the publish call on the server. */
  publishCpuMs: number;
}

/**
 * Server processes (one, or several sharing a Redis bus and the SQLite file) with the sockets
 * spread evenly over them, held by client processes.
 */
export class Deployment {
  private readonly published = new Map<string, { at: number; returnedAt: number; cpuMs: number }>();
  private readonly received = new Map<string, number[]>();
  private readonly waiters = new Set<() => void>();
  private lost: number | null = null;

  private readonly clients: ChildProcess[] = [];

  private constructor(
    private readonly servers: Array<{ child: ChildProcess; port: number }>,
    private readonly database: RealtimeDatabase,
  ) {
    for (const { child } of servers) {
      child.on('message', (n: ServerNotice) => {
        if (n.kind === 'published') this.record(() => this.published.set(n.messageId, n));
      });
    }
  }

  private listenToClient(child: ChildProcess): void {
    child.on('message', (n: ClientNotice) => {
      if (n.op === 'received') {
        this.record(() => this.received.set(n.messageId, [...(this.received.get(n.messageId) ?? []), n.lastAt]));
      }
      if (n.op === 'lost') this.record(() => (this.lost = n.code));
    });
  }

  /** Starts the server processes; `connect` then opens the sockets. */
  static async start(
    database: RealtimeDatabase,
    opts: { processes: number; redisUrl?: string; runner: Runner },
  ): Promise<Deployment> {
    const servers: Array<{ child: ChildProcess; port: number }> = [];
    try {
      for (let i = 0; i < opts.processes; i += 1) {
        const child = await spawnEntry(
          './server-entry.ts',
          {
            DATABASE_URL: database.url,
            PORT: '0',
            HOST: '127.0.0.1',
            SEED_DEMO: '0',
            LOG_LEVEL: 'info',
            // One process must not pick up a REDIS_URL from the benchmark's own environment.
            REDIS_URL: opts.redisUrl,
            // Serving the built console too, as a deployment does (when it has been built).
            WEB_DIST: webDist,
          },
          opts.runner,
        );
        servers.push({ child, port: 0 });
        servers[i]!.port = await nextNotice(
          child,
          (n: ServerNotice) => (n.kind === 'listening' ? n.port : undefined),
          60_000,
          '启动服务进程',
        );
      }
    } catch (err) {
      await Promise.all(servers.map((s) => stop(s.child)));
      throw err;
    }
    return new Deployment(servers, database);
  }

  /**
   * Opens and authenticates every operator's socket. Client process k connects its share to
   * server k mod n, so each server holds an even share. Returns the reconnects needed (sockets
   * closed by the auth timeout on a busy machine) and the time it took.
   */
  async connect(): Promise<{ retries: number; elapsedMs: number }> {
    const started = performance.now();
    const shares = Array.from({ length: CLIENT_PROCESSES }, (_, k) =>
      this.database.operators.filter((_, i) => i % CLIENT_PROCESSES === k),
    );
    const connected = shares.map(async (sessions, k) => {
      const child = await spawnEntry('./client-entry.ts');
      this.clients.push(child);
      this.listenToClient(child);
      return connect(child, this.servers[k % this.servers.length]!.port, sessions);
    });
    const retries = (await Promise.all(connected)).reduce((a, b) => a + b, 0);
    return { retries, elapsedMs: performance.now() - started };
  }

  /** Server process ids, for reading their memory. */
  get serverPids(): number[] {
    return this.servers.map((s) => s.child.pid!);
  }

  residentMb(serverIndex = 0): number {
    return residentMb(this.serverPids[serverIndex]!);
  }

  /** The server's own account of its memory (heap, external buffers). */
  memoryUsage(serverIndex = 0): Promise<{ usage: NodeJS.MemoryUsage; liveHeap: number }> {
    const child = this.servers[serverIndex]!.child;
    child.send({ op: 'memory' });
    return nextNotice(child, (n: ServerNotice) => (n.kind === 'memory' ? n : undefined), 10_000, '读取内存');
  }

  /**
   * Sends one system message to every provider operator through the real endpoint (on the first
   * server) and waits until every client process has it on all of its sockets.
   */
  async sendMessage(n: number): Promise<Delivery> {
    const requestAt = wallNow();
    const res = await fetch(`http://127.0.0.1:${this.servers[0]!.port}/api${sentMessageEndpoints.create.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: this.database.sender.token },
      body: JSON.stringify({ messageTitle: `压测消息 ${n}`, content: `<p>第 ${n} 条压测系统消息</p>` }),
    });
    const envelope = (await res.json()) as { errCode: number; errMsg: string; data: { id: string } | null };
    if (envelope.errCode !== errors.ok.code || !envelope.data) {
      throw new Error(`发送系统消息失败：${envelope.errCode} ${envelope.errMsg}`);
    }
    const id = envelope.data.id;
    await this.until(() => this.published.has(id) && (this.received.get(id)?.length ?? 0) === this.clients.length);
    const last = Math.max(...this.received.get(id)!);
    const published = this.published.get(id)!;
    return {
      commitToLast: last - published.at,
      requestToLast: last - requestAt,
      publishCallMs: published.returnedAt - published.at,
      publishCpuMs: published.cpuMs,
    };
  }

  async stop(): Promise<void> {
    this.lost = null;
    await Promise.all(this.clients.map(stop));
    await Promise.all(this.servers.map((s) => stop(s.child)));
  }

  private record(change: () => void): void {
    change();
    for (const wake of this.waiters) wake();
  }

  private until(done: () => boolean, timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`系统消息 ${timeoutMs} ms 内未送达全部连接`)), timeoutMs);
      const check = () => {
        if (this.lost !== null) finish(new Error(`一个已认证的连接被关闭（${this.lost}）`));
        else if (done()) finish(null);
      };
      const finish = (err: Error | null) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (err) reject(err);
        else resolve();
      };
      this.waiters.add(check);
      check();
    });
  }
}

/** Connects one client process's share; returns how many reconnects it needed. */
async function connect(child: ChildProcess, port: number, sessions: BenchSession[]): Promise<number> {
  child.send({ op: 'connect', port, sessions, concurrency: CONNECT_CONCURRENCY } satisfies ClientCommand);
  const result = await nextNotice(
    child,
    (n: ClientNotice) => (n.op === 'connected' ? n : undefined),
    300_000,
    '建立连接',
  );
  if (result.failed > 0) {
    throw new Error(`${result.failed} 个连接未能认证（${result.firstError}）`);
  }
  return result.retries;
}
