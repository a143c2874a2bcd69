import { createTestOperator, type TestOperator } from './operators.js';
import { createTestApp, type TestApp } from './test-app.js';

export type { TestApp } from './test-app.js';
export type { TestOperator } from './operators.js';

export interface AppWithOperator {
  t: TestApp;
  operator: TestOperator;
}

/**
 * The set-up most route tests begin with: a fresh test app and one signed-in operator holding
 * exactly `permissions`. A platform admin (adminType 0) unless told otherwise; a provider operator
 * gets a new provider of its own. `env` overrides configuration as in
 * createTestApp. The caller still closes `t` (afterAll), since only the test knows its other clean-up.
 */
export async function appWithOperator(opts: {
  permissions: string[];
  adminType?: 0 | 1 | 2;
  env?: Record<string, string>;
}): Promise<AppWithOperator> {
  const t = await createTestApp(opts.env);
  const operator = await createTestOperator(t, { adminType: opts.adminType ?? 0, permissions: opts.permissions });
  return { t, operator };
}
