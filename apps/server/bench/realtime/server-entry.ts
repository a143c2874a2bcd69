import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';
import { wallNow } from './wall-clock.js';

/**
 * The server under test, run as a child process with an IPC channel: the real app from the
 * environment's config (database already prepared by the benchmark), listening on a free port.
 * Its only addition is a probe on the publish path: when a system message is published (after
 * the sending request's transaction committed), the time goes to the benchmark, which compares
 * it with the clients' receive times on the same machine clock.
 */
export type ServerNotice =
  | { kind: 'listening'; port: number }
  /**
   * `at`: the publish call (after commit); `returnedAt`: when it returned. On one process the
   * in-process bus delivers inside the call, so the difference is the fan-out loop itself, and
   * `cpuMs` the process's CPU time (user + system) in it: the loop's cost without the time other
   * processes held the core, which a busy machine adds to the wall-clock figure.
   */
  | { kind: 'published'; messageId: string; at: number; returnedAt: number; cpuMs: number }
  /**
   * Answer to a `memory` request: V8's view, to tell heap from the rest of the resident set, and
   * the heap still in use after a full collection (what the sockets really keep alive).
   */
  | { kind: 'memory'; usage: NodeJS.MemoryUsage; liveHeap: number };

// A full collection on request, without starting the server with --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function tell(notice: ServerNotice): void {
  process.send?.(notice);
}

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
const app = await buildApp({ config, database });

const publish = app.realtime.publish.bind(app.realtime);
app.realtime.publish = (target, event) => {
  if (event.type !== 'message') return publish(target, event);
  const at = wallNow();
  const cpu = process.cpuUsage();
  const done = publish(target, event);
  const { user, system } = process.cpuUsage(cpu);
  tell({ kind: 'published', messageId: event.messageId, at, returnedAt: wallNow(), cpuMs: (user + system) / 1000 });
  return done;
};

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.on('message', (request: { op: 'memory' }) => {
  if (request.op !== 'memory') return;
  const usage = process.memoryUsage();
  collectGarbage();
  tell({ kind: 'memory', usage, liveHeap: process.memoryUsage().heapUsed });
});
process.once('disconnect', () => void close());

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
tell({ kind: 'listening', port: typeof address === 'object' && address ? address.port : config.PORT });
