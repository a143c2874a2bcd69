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
 * Work a web test file left on a timer (an antd toast's close firing a React render) can run
 * after vitest has torn the file's jsdom down, and dies on the missing `window` or `document`. By then every test of the file has passed or failed on its own; the
 * error says nothing about the product or the file's assertions. test-setup.ts drains what it
 * can before teardown; this drops only what escapes it: a ReferenceError for a jsdom global
 * thrown inside a package (the first frame in node_modules). The same error from our own code,
 * and every other unhandled error, still fails the run.
 */
function isLibraryWorkAfterJsdomTeardown(error: Error): boolean {
  const firstFrame = (error.stack ?? '').split('\n').find((line) => line.trimStart().startsWith('at '));
  return (
    error.name === 'ReferenceError' &&
    /^(window|document) is not defined$/.test(error.message) &&
    firstFrame !== undefined &&
    firstFrame.includes('/node_modules/')
  );
}

export default defineConfig({
  test: {
    onUnhandledError: (error) => (isLibraryWorkAfterJsdomTeardown(error) ? false : undefined),
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
