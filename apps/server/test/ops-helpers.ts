import type { TestOperator } from './operators.js';
import type { TestApp } from './test-app.js';

export type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T; fieldErrors?: Record<string, string> };

/** One API call as an operator (or anonymously), answering the parsed envelope. */
export async function callApi<T = unknown>(
  t: TestApp,
  op: TestOperator | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Envelope<T> & { status: number }> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(op?.headers ?? {}), ...headers },
    ...(payload ? { payload } : {}),
  });
  return { ...res.json<Envelope<T>>(), status: res.statusCode };
}
