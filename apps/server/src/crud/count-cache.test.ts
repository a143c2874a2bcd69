import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountCache } from './list.js';

const KEY = 'gadget|gadget|1||[]';

/** A count past its time to live answers while it is counted again off the request's path. */
describe('CountCache: stale counts refreshed in the background', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a fresh count, then the stale one while a refresh runs, then the refreshed one', async () => {
    const cache = new CountCache();
    cache.set(KEY, 5);
    expect(cache.peek(KEY)).toEqual({ total: 5, stale: false });
    vi.setSystemTime(Date.now() + 6_000);
    expect(cache.get(KEY)).toBeUndefined();
    expect(cache.peek(KEY)).toEqual({ total: 5, stale: true });
    const count = vi.fn(() => Promise.resolve(7));
    cache.refresh(KEY, count);
    // One refresh at a time.
    cache.refresh(KEY, count);
    expect(count).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(cache.peek(KEY)).toEqual({ total: 7, stale: false }));
  });

  it('does not keep a refresh that finishes after a write dropped the entry', async () => {
    const cache = new CountCache();
    cache.set(KEY, 5);
    vi.setSystemTime(Date.now() + 6_000);
    let finish: (n: number) => void = () => undefined;
    cache.refresh(KEY, () => new Promise<number>((resolve) => (finish = resolve)));
    cache.invalidate('gadget');
    finish(7);
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.peek(KEY)).toBeUndefined();
  });

  it('tries a failed refresh again and forgets a count too old to show', async () => {
    const cache = new CountCache();
    cache.set(KEY, 5);
    vi.setSystemTime(Date.now() + 6_000);
    const failing = vi.fn(() => Promise.reject(new Error('database gone')));
    cache.refresh(KEY, failing);
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    const again = vi.fn(() => Promise.resolve(6));
    cache.refresh(KEY, again);
    expect(again).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(cache.get(KEY)).toBe(6));
    vi.setSystemTime(Date.now() + 11_000);
    expect(cache.peek(KEY)).toBeUndefined();
  });
});
