import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootAttribute, loginBootValue, whenLoginFramePainted } from './login-frame';

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver whose paint entries the test delivers. */
function fakeObserver() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private readonly entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) => {
      for (const o of observers) if (!o.disconnected) o.callback({ getEntriesByName: (n) => (n === name ? [{}] : []) });
    },
    observers,
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.documentElement.removeAttribute(bootAttribute);
});

describe('whenLoginFramePainted', () => {
  it('does not wait without the static frame', async () => {
    const observer = fakeObserver();
    expect(await settled(whenLoginFramePainted())).toBe(true);
    expect(observer.observers).toHaveLength(0);
  });

  it("waits for the frame's first contentful paint", async () => {
    document.documentElement.setAttribute(bootAttribute, loginBootValue);
    const observer = fakeObserver();
    const painted = whenLoginFramePainted();
    observer.paint('first-paint');
    expect(await settled(painted)).toBe(false);
    observer.paint('first-contentful-paint');
    expect(await settled(painted)).toBe(true);
    expect(observer.observers[0]?.disconnected).toBe(true);
  });

  it('gives up after the timeout, so the form never waits on a paint that is not reported', async () => {
    vi.useFakeTimers();
    document.documentElement.setAttribute(bootAttribute, loginBootValue);
    fakeObserver();
    const painted = whenLoginFramePainted(300);
    vi.advanceTimersByTime(299);
    expect(await settled(painted)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(painted)).toBe(true);
  });
});
