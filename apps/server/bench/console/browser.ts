/// <reference lib="dom" />
// Some functions here run in the page (page.evaluate), where the DOM exists.
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

/** Debian's Chromium, headless, with nothing in the background competing for the two cores. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Desktop profile: a 1440×900 window at 1×, no network or CPU throttling (loopback). */
export function desktopContext(browser: Browser, baseURL: string, storageState?: SignedIn): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    storageState,
  });
}

export const demoPassword = 'Demo@2026';

/** Signs in through the real /login form as the demo admin; returns the cookies to reuse. */
export async function signInState(browser: Browser, baseURL: string): Promise<SignedIn> {
  const context = await desktopContext(browser, baseURL);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page
      .getByPlaceholder(/登录名|账号|用户名/)
      .first()
      .fill('admin');
    await page.getByPlaceholder('密码', { exact: true }).first().fill(demoPassword);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Follows a page's requests from the moment it is created, so `settle` knows about requests that
 * started before it was called.
 */
export function trackNetwork(page: Page): { settle: (quietMs?: number) => Promise<void> } {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /**
     * Waits until no request has been in flight for `quietMs` (a single-page navigation has no
     * load event), then two animation frames so the result is painted.
     */
    settle: async (quietMs = 400) => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < quietMs)) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
    },
  };
}

/** Navigates inside the console without a page load, as a menu click does (the router follows popstate). */
export async function spaNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
