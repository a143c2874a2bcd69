import { defineConfig } from '@playwright/test';

// Debian's Chromium: nothing downloads a browser. One worker, as in CI: the specs share one server
// and its demo data, and some change what every other spec sees (saas-menu renames and hides a menu
// entry, gateways unplugs devices); run side by side they failed each other on a loaded machine.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./closing-reporter.ts']],
  outputDir: './test-results',
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
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
    },
  },
});
