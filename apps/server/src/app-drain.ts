import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * The graceful drain of one process behind a load balancer (issue 27), in the order that loses no
 * request: readiness fails at once while everything is still served; after `graceMs` (the load
 * balancer has seen the failing check by then) Fastify's close stops accepting connections, closes
 * idle keep-alive ones, finishes the requests in flight, and its close hooks end the websockets
 * with 1012 (realtime/websocket-scope.ts: the console reconnects, to another process) and release
 * background work: the job engine first (plugins/jobs: running jobs finish, what this process still
 * holds goes back to the queue for another), then the device service waits for its writes and the
 * adapter's idle(), and the bus quits.
 */
export async function drainApp(app: FastifyInstance, graceMs: number): Promise<void> {
  app.draining.begin();
  app.log.info({ graceMs }, 'draining: readiness fails, requests still served');
  if (graceMs > 0) await sleep(graceMs);
  app.log.info('draining: no new connections, finishing requests in flight');
  // Node closes the connections idle when the server closes, not those that become idle after:
  // a keep-alive client whose request was in flight would hold the exit until its keep-alive
  // timeout (72 s in Fastify). Reaping until the close is done ends each once its answer is sent.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

/** Where the signals come from: the process, or an emitter in a test. */
export interface SignalSource {
  on(signal: 'SIGTERM' | 'SIGINT', listener: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * SIGTERM or SIGINT drains, then exits 0 (1 when the drain failed); a second signal during the
 * drain exits 1 at once (an operator pressing Ctrl-C twice, or an orchestrator out of patience).
 */
export function drainOnSignals(
  drain: (signal: NodeJS.Signals) => Promise<void>,
  exit: (code: number) => void,
  source: SignalSource = process,
): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      console.warn(`再次收到 ${signal}，立即退出`);
      exit(1);
      return;
    }
    draining = true;
    drain(signal).then(
      () => exit(0),
      (err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        exit(1);
      },
    );
  };
  source.on('SIGTERM', onSignal);
  source.on('SIGINT', onSignal);
}
