/**
 * index.html holds the sign-in page's hero as static HTML (build/login-frame.ts), shown where the
 * boot script sets this attribute on <html> (login-hero.css hides it elsewhere). Declared here for
 * the build, which also writes the boot script, and for main.tsx.
 */
export const bootAttribute = 'data-boot';
export const loginBootValue = 'login';

/** Whether index.html's static sign-in hero is on screen, waiting for React to replace it. */
export function loginFrameShown(doc: Document = document): boolean {
  return doc.documentElement.getAttribute(bootAttribute) === loginBootValue;
}

/**
 * Resolves once the static hero has been painted (its first-contentful-paint entry), at once
 * without it, and after `timeoutMs` at the latest. React's first commit replaces the hero with the
 * same markup; when it came before the browser had reported the hero's paint, Chromium's traces
 * showed no largest-contentful-paint candidate for the removed text, and the page counted as
 * painted only once React had run, as if the hero had never shown. When the entry's script arrives
 * after the stylesheets, as on any real network, the paint is reported by then and nothing waits.
 */
export function whenLoginFramePainted(timeoutMs = 300, doc: Document = document): Promise<void> {
  if (!loginFrameShown(doc)) return Promise.resolve();
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, timeoutMs);
    observer.observe({ type: 'paint', buffered: true });
  });
}
