import fs, { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_BATCH_BYTES, LOG_FLUSH_MS, batchedLog } from './log-destination.js';

const realWrite = fs.write.bind(fs);
const accessLine = (i: number) =>
  JSON.stringify({ level: 30, requestId: `req-${i}`, method: 'GET', url: `/api/x?id=${i}`, msg: 'request' }) + '\n';

describe('batched log destination', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The real destination, on a file instead of stdout; `writes` counts its write calls. */
  async function fileLog() {
    const dir = mkdtempSync(join(tmpdir(), 'log-destination-'));
    dirs.push(dir);
    const file = join(dir, 'out.log');
    let writes = 0;
    const spy = vi.spyOn(fs, 'write').mockImplementation((...args: Parameters<typeof fs.write>) => {
      writes += 1;
      return realWrite(...args);
    });
    const log = batchedLog({ dest: file });
    // Opening the file is asynchronous; lines written before are held, but the test reads it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { log, read: () => readFileSync(file, 'utf8'), writes: () => writes, restore: () => spy.mockRestore() };
  }

  it('writes every line whole and in order, many lines per write, and all of them on drain', async () => {
    const { log, read, writes, restore } = await fileLog();
    const lines = Array.from({ length: 500 }, (_, i) => accessLine(i));
    for (const line of lines) log.write(line);
    await log.drain();
    restore();
    expect(read()).toBe(lines.join(''));
    const bytes = lines.join('').length;
    // A write per line would be 500; batches of LOG_BATCH_BYTES need about bytes / batch.
    expect(writes()).toBeLessThanOrEqual(Math.ceil(bytes / LOG_BATCH_BYTES) + 3);
  });

  it('holds a line below the batch size until drain', async () => {
    const { log, read, restore } = await fileLog();
    restore();
    log.write(accessLine(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read()).toBe('');
    await log.drain();
    expect(read()).toBe(accessLine(1));
  });

  it('flushes held lines within LOG_FLUSH_MS, once more after that, then stays idle', () => {
    vi.useFakeTimers();
    const sink = { write: vi.fn(), flush: vi.fn() };
    const log = batchedLog({ sink });
    log.write(accessLine(1));
    log.write(accessLine(2));
    expect(sink.write).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(sink.flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sink.flush).toHaveBeenCalledTimes(1);
    // The second flush covers a first one skipped while a batch was being written.
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sink.flush).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(LOG_FLUSH_MS * 10);
    expect(sink.flush).toHaveBeenCalledTimes(2);
    log.write(accessLine(3));
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sink.flush).toHaveBeenCalledTimes(3);
  });

  it('does not keep close waiting on a destination that never calls back (reader gone)', async () => {
    vi.useFakeTimers();
    const sink = { write: vi.fn(), flush: vi.fn() };
    const log = batchedLog({ sink });
    log.write(accessLine(1));
    let drained = false;
    void log.drain().then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_MS * 2);
    expect(drained).toBe(true);
  });
});
