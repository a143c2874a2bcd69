import { EventEmitter } from 'node:events';
import type ExcelJS from 'exceljs';

// exceljs 4.4's streaming writer has no back-pressure where it matters. Each worksheet writes its
// XML into a StreamBuf (exceljs/lib/utils/stream-buf.js) that archiver wraps in a PassThrough
// (archiver-utils normalizeInputSource) in front of the zip entry's deflate stream; StreamBuf
// ignores that PassThrough's `write()` answer, so XML produced faster than zlib compresses it
// piles up there (43 MB after 200 000 rows, measured). Everything after it (deflate → archive →
// our output file) is piped by Node and does respect back-pressure. So the one queue to watch is
// that PassThrough: the writer waits for it to drain between batches, and the wait travels back
// from a slow disk or client through the pipes to it.

/** A stream that can be waited on: whether it is full now, and the events that end a wait. */
export interface Drainable {
  emitter: EventEmitter;
  /** A write was refused (over the high-water mark) and 'drain' will follow; false once it ended. */
  full: () => boolean;
}

/** Node's `writableNeedDrain`, read from the state Node and readable-stream 2 both keep. */
function needsDrain(stream: object): boolean | undefined {
  const state: unknown = Reflect.get(stream, '_writableState');
  if (typeof state !== 'object' || state === null) return undefined;
  const flag = (name: string) => Reflect.get(state, name) === true;
  return flag('needDrain') && !flag('destroyed') && !flag('ending');
}

const isEmitter = (value: unknown): value is EventEmitter => value instanceof EventEmitter;

/** Any stream with a writable side, Node's or readable-stream's. */
export function drainableOf(stream: unknown): Drainable | undefined {
  if (!isEmitter(stream) || needsDrain(stream) === undefined) return undefined;
  return { emitter: stream, full: () => needsDrain(stream) === true };
}

/**
 * The queue in front of a worksheet's zip entry (see above). Thrown on when exceljs is no longer
 * built this way: an upgrade then fails the writer's tests instead of silently losing the wait.
 */
export function zipQueueOf(sheet: ExcelJS.Worksheet): Drainable {
  const buffer: unknown = Reflect.get(sheet, 'stream');
  const pipes: unknown = typeof buffer === 'object' && buffer !== null ? Reflect.get(buffer, 'pipes') : undefined;
  const queue = Array.isArray(pipes) && pipes.length === 1 ? drainableOf(pipes[0]) : undefined;
  if (!queue) throw new Error('exceljs 的工作表流不再是 StreamBuf → PassThrough，导出无法等待压缩跟上');
  return queue;
}

/**
 * Resolves once `stream` has room again: at once when it is not full, else on its 'drain' — or
 * its 'close' or 'error', after which nothing will drain (the caller checks why). One listener
 * each for the wait, all removed when it ends, so waiting per batch adds none that stay.
 */
export function drained({ emitter, full }: Drainable): Promise<void> {
  if (!full()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      emitter.off('drain', done);
      emitter.off('close', done);
      emitter.off('error', done);
      resolve();
    };
    emitter.on('drain', done);
    emitter.on('close', done);
    emitter.on('error', done);
  });
}
