import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD, prepareDatabase } from './index.js';

describe('demo system messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000' });
    await prepareDatabase(t.database.db, { seedDemo: true });
  });
  afterAll(() => t.close());

  const inbox = async (loginName: string, status?: number) => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/log/adminLogin/login',
      payload: { loginName, password: DEMO_PASSWORD },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/saasMessageAgentUser/page',
      headers: { token },
      payload: { offset: 1, size: 5, ...(status === undefined ? {} : { status }) },
    });
    return res.json<{ errCode: number; data: { total: number; list: { status: number; receiveTime: string }[] } }>();
  };

  it('gives each demo provider operator read and unread messages, so the bell and inbox show real data', async () => {
    for (const name of ['agent1', 'agent1staff', 'agent2']) {
      const all = await inbox(name);
      expect(all.errCode).toBe(0);
      expect(all.data.total).toBe(3);
      const unread = await inbox(name, 0);
      expect(unread.data.total).toBe(2);
      expect(unread.data.list.every((m) => m.status === 0)).toBe(true);
    }
  });

  it('lists the demo inbox newest first, as a real one (rows are written when a message is sent)', async () => {
    const times = (await inbox('agent1')).data.list.map((m) => m.receiveTime);
    expect(times).toHaveLength(3);
    expect(times).toEqual([...times].sort().reverse());
  });
});
