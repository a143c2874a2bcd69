import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainableOf, drained } from './xlsx-backpressure.js';

/** A writable that holds every write's callback until `release()`: a client or disk that stalls. */
function stalled() {
  const held: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 4,
    write: (_chunk, _encoding, done) => void held.push(() => done()),
  });
  return { stream, release: () => held.splice(0).forEach((done) => done()) };
}

const listeners = (stream: Writable) => ['drain', 'close', 'error'].map((e) => stream.listenerCount(e));

describe('drained', () => {
  it('resolves at once when the stream has room', async () => {
    const { stream } = stalled();
    const drainable = drainableOf(stream);
    expect(drainable?.full()).toBe(false);
    await drained(drainable!);
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });

  it('waits for the drain of a full stream with one listener per event, removed once it drains', async () => {
    const { stream, release } = stalled();
    const drainable = drainableOf(stream)!;
    const before = listeners(stream);
    stream.write('more than four bytes');
    expect(drainable.full()).toBe(true);
    let done = false;
    const waiting = drained(drainable).then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    expect(listeners(stream)).toEqual(before.map((n) => n + 1));
    release();
    await waiting;
    expect(listeners(stream)).toEqual(before);
  });

  it('stops waiting when the stream is destroyed instead of draining', async () => {
    const { stream } = stalled();
    const drainable = drainableOf(stream)!;
    stream.write('more than four bytes');
    const waiting = drained(drainable);
    stream.destroy();
    await waiting;
    expect(drainable.full()).toBe(false);
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });

  it('knows no stream in something that is not one', () => {
    expect(drainableOf({ write: () => true })).toBeUndefined();
    expect(drainableOf(null)).toBeUndefined();
  });
});
