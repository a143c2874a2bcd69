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

// NProgress removes its bar on timers after done(); a file that ends before they fire would leave
// them to run after jsdom is gone ("document is not defined"). Let the bar finish before teardown.
// React schedules renders (an antd message opening, say) with setImmediate: run what a file's
// last test left queued while the window still exists.
afterAll(async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
  const deadline = Date.now() + 2000;
  while (document.getElementById('nprogress') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
