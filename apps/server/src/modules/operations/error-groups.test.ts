import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { NEW_ANONYMOUS_ERRORS_PER_MINUTE } from './error-groups.js';

/**
 * Issue 15 defect 7: every report was a row, so a loop (or a broken release) filled the table.
 * One row per error; new errors from unauthenticated reporters are capped per minute.
 */
describe('error log groups', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agentA: TestOperator;

  // Each test gets its own app: the budget of new anonymous errors is the app's, per minute.
  beforeEach(async () => {
    ({ t, operator: platform } = await appWithOperator({ permissions: ['errorLog.page', 'errorLog.handle'] }));
    agentA = await createTestOperator(t, { adminType: 1, permissions: [] });
  });
  afterEach(async () => {
    await t.close();
  });

  it('groups reports of one error into one row: count, first and last seen, the last operator and page', async () => {
    const report = (payload: Record<string, string>, headers: Record<string, string> = {}, ip = '203.0.113.1') =>
      t.app.inject({ method: 'POST', url: '/api/errorLog/report', remoteAddress: ip, headers, payload });
    const crash = {
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: x\n    at List (chunk-1.js:3:9)',
    };
    expect((await report({ ...crash, url: '/store/list?page=1' })).json()).toMatchObject({ errCode: 0 });
    expect((await report({ ...crash, url: '/store/list?page=2' }, {}, '203.0.113.2')).json()).toMatchObject({
      errCode: 0,
    });
    expect((await report({ ...crash, url: '/store/list#top' }, agentA.headers)).json()).toMatchObject({ errCode: 0 });
    // Another page, another top frame or another message is another error.
    await report({ ...crash, url: '/enterprise/list' });
    await report({ ...crash, stack: 'TypeError: x\n    at Form (chunk-2.js:1:1)', url: '/store/list' });
    await report({ ...crash, message: 'other', url: '/store/list' });

    const list = await callApi<{
      total: number;
      list: Array<{
        id: string;
        count: number;
        firstSeenAt: string;
        lastSeenAt: string;
        url: string;
        adminId: string | null;
      }>;
    }>(t, platform, 'POST', '/errorLog/page', { sort: { field: 'count', order: 'descend' } });
    expect(list.data.total).toBe(4);
    const grouped = list.data.list[0]!;
    expect(grouped).toMatchObject({ count: 3, url: '/store/list#top', adminId: String(agentA.adminId) });
    expect(grouped.lastSeenAt >= grouped.firstSeenAt).toBe(true);
    expect(list.data.list.slice(1).map((r) => r.count)).toEqual([1, 1, 1]);

    // Marked handled, it opens again when it comes back.
    expect((await callApi(t, platform, 'POST', `/errorLog/handle?id=${grouped.id}`)).errCode).toBe(0);
    await report({ ...crash, url: '/store/list' });
    const again = await t.database.db
      .selectFrom('errorLog')
      .where('id', '=', Number(grouped.id))
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({ count: 4, handled: 0 });
  });

  it('caps new errors from unauthenticated reporters per minute across addresses; known ones still count', async () => {
    const report = (message: string, ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/errorLog/report',
        remoteAddress: ip,
        headers,
        payload: { message, url: '/x' },
      });
    const answers: number[] = [];
    for (let i = 0; i < NEW_ANONYMOUS_ERRORS_PER_MINUTE + 5; i += 1) {
      // A fresh address every few reports, so only the global cap can stop them.
      answers.push(
        (await report(`flood ${i}`, `192.0.2.${Math.floor(i / 5) + 1}`)).json<{ errCode: number }>().errCode,
      );
    }
    expect(answers.filter((c) => c === 0)).toHaveLength(NEW_ANONYMOUS_ERRORS_PER_MINUTE);
    expect(answers.slice(-5)).toEqual([429001, 429001, 429001, 429001, 429001]);
    const rows = await t.database.db
      .selectFrom('errorLog')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(rows?.n)).toBe(NEW_ANONYMOUS_ERRORS_PER_MINUTE);
    // A known error is counted, and a signed-in reporter may still report a new one.
    expect((await report('flood 0', '192.0.2.200')).json()).toMatchObject({ errCode: 0 });
    expect((await report('signed-in new', '192.0.2.201', agentA.headers)).json()).toMatchObject({ errCode: 0 });
  });
});
