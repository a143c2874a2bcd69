import { defineConfig } from 'vitest/config';

// Server tests run once on SQLite and, when TEST_DATABASE_URL is set (CI), again on PostgreSQL.
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server-sqlite', { TEST_DB: 'sqlite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB: 'postgres' })] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
