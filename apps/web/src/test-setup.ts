import { afterAll } from 'vitest';

// antd reads window.matchMedia for responsive behaviour, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's Table, Select and Drawer measure themselves with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// React schedules renders (an antd message opening, say) with setImmediate, in slices that queue
// the next slice from inside the last: drain the queue turn by turn (a loaded machine needs more
// turns; three were not always enough) and let a timer-driven one start, while the window exists.
// A toast left open (a failed request's message, say) closes on its own 3-second timer, after the
// window is gone: vitest.config.ts drops that one error (a package's late timer), not this file.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
afterAll(async () => {
  for (let i = 0; i < 50; i += 1) await nextTurn();
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (let i = 0; i < 50; i += 1) await nextTurn();
});
