import pino, { type DestinationStream } from 'pino';

/**
 * Bytes of log lines gathered before one write. An access line is ~260 bytes, so a busy server
 * writes about fifteen lines per write(2) instead of one; the cost is this much memory at most.
 */
export const LOG_BATCH_BYTES = 4096;
/** The longest a line waits in memory when traffic is too thin to fill a batch. */
export const LOG_FLUSH_MS = 1000;

/** What the server's logger writes to, and what app close drains. */
export interface BatchedLog extends DestinationStream {
  /** Writes what is held; resolves when it is out (bounded, so a dead pipe cannot stall close). */
  drain(): Promise<void>;
}

type Sink = Pick<ReturnType<typeof pino.destination>, 'write' | 'flush'>;

/**
 * The server's log destination (stdout unless told otherwise): lines are gathered and written in
 * batches of LOG_BATCH_BYTES, off the event loop as pino's default stdout writes them, instead of
 * one write per line — the access log writes a line per request. Lines stay whole and in order.
 * Held lines go out within LOG_FLUSH_MS, on app close (`drain`), and on process exit (pino's
 * destination registers a synchronous flush for exit). Only a SIGKILL loses them: at most the
 * last second, a trade every buffered logger makes.
 */
export function batchedLog({
  dest = 1,
  sink = pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES }),
}: { dest?: number | string; sink?: Sink } = {}): BatchedLog {
  let timer: NodeJS.Timeout | undefined;
  let written = false;
  const arm = () => {
    timer = setTimeout(tick, LOG_FLUSH_MS);
    timer.unref();
  };
  // A flush asked while a batch is being written is skipped by the destination, so the timer
  // comes back once more after lines were logged: the second flush finds the write finished.
  // While nothing is logged no timer runs.
  function tick() {
    timer = undefined;
    try {
      sink.flush();
    } catch {
      // Destroyed (closed) destination: nothing left to write to.
      return;
    }
    if (written) {
      written = false;
      arm();
    }
  }
  /** One flush that calls back once the destination drained; bounded, see `drain`. */
  const flushOnce = () =>
    new Promise<void>((resolve) => {
      // pino turns a destination whose reader went away (EPIPE) into a no-op that never calls
      // back; the timer keeps close from waiting on it for ever.
      const giveUp = setTimeout(resolve, LOG_FLUSH_MS);
      giveUp.unref();
      const done = () => {
        clearTimeout(giveUp);
        resolve();
      };
      try {
        sink.flush(done);
      } catch {
        done();
      }
    });
  return {
    write(line: string) {
      sink.write(line);
      written = true;
      if (!timer) arm();
    },
    drain: async () => {
      clearTimeout(timer);
      timer = undefined;
      // The first waits for a write in progress, the second writes what was held behind it.
      await flushOnce();
      await flushOnce();
    },
  };
}
