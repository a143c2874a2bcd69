import { defineConfig } from 'vitest/config';

// Server tests run once on SQLite and, when TEST_DATABASE_URL is set (CI), again on PostgreSQL.
// They share one module graph per worker (isolate: false): no server test mocks a module or
// stubs a global, each builds its own app, configuration and database, and importing the
// server's graph afresh for each of ~140 files was most of the project's time (2m48s → 51s
// for the modules' 77 files on SQLite).
const serverProject = (name: string, env: Record<string, string>, globalSetup: string[] = []) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env,
    globalSetup,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * React work that a web test file left queued (an antd toast's close timer firing a render, say)
 * runs after vitest has torn the file's jsdom down, and dies on the missing `window` or
 * `document`. By then every test of the file has passed or failed on its own; the error says
 * nothing about the product or the file's assertions. test-setup.ts drains what it can before
 * teardown; this drops only what escapes it: a ReferenceError for a jsdom global thrown from
 * React's own code. Every other unhandled error still fails the run.
 */
function isReactWorkAfterJsdomTeardown(error: Error): boolean {
  return (
    error.name === 'ReferenceError' &&
    /^(window|document) is not defined$/.test(error.message) &&
    /node_modules\/(react-dom|scheduler)\//.test(error.stack ?? '')
  );
}

export default defineConfig({
  test: {
    onUnhandledError: (error) => (isReactWorkAfterJsdomTeardown(error) ? false : undefined),
    projects: [
      {
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server-sqlite', { TEST_DB: 'sqlite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, ['./test/postgres-global-setup.ts'])]
        : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
