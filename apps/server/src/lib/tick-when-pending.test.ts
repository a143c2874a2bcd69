import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TickWhenPending } from './tick-when-pending.js';

describe('TickWhenPending: a periodic run only when something is pending', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never wakes while nothing was armed', () => {
    const run = vi.fn();
    new TickWhenPending(250, run);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs once at the next tick of its grid however often it is armed, and again once armed again', () => {
    const run = vi.fn();
    const tick = new TickWhenPending(250, run);
    vi.advanceTimersByTime(100);
    tick.arm();
    tick.arm();
    expect(tick.armed).toBe(true);
    // As an interval started with the writer would: at 250 ms, not 250 ms after the arm.
    vi.advanceTimersByTime(149);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(tick.armed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    tick.arm();
    vi.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('does not run once closed, armed before or after', () => {
    const run = vi.fn();
    const tick = new TickWhenPending(250, run);
    tick.arm();
    tick.close();
    tick.arm();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
