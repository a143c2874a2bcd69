import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../test/operators.js';

type Envelope = { errCode: number; errMsg: string; fieldErrors?: Record<string, string> };

/** Issue 15 defect 8: empty bodies, NUL characters and the language of validation messages. */
describe('request bodies', () => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['saasAdmin.updateOpen', 'saasAdmin.create', 'enterprise.create'],
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (url: string, payload: string | undefined, op = admin, type = 'application/json') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...op.headers, ...(type ? { 'content-type': type } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };

  it('treats an empty JSON body as no body where the endpoint takes none or only optional fields', async () => {
    const other = await createTestOperator(t, { adminType: 0, permissions: [] });
    expect((await post(`/saasAdmin/updateOpen?id=${other.adminId}&open=0`, '')).body.errCode).toBe(0);
    expect((await post(`/saasAdmin/updateOpen?id=${other.adminId}&open=1`, '  \n')).body.errCode).toBe(0);
    const agentOp = await createTestOperator(t, { adminType: 1, permissions: [] });
    const read = await post('/saasMessageAgentUser/read?id=987654', '', agentOp);
    expect(read.body.errCode).toBe(404001);
    const logout = await post('/adminLogin/logout', '', agentOp);
    expect(logout.body.errCode).toBe(0);
    // No Content-Type and no body at all is the same.
    const signedOut = await createTestOperator(t, { adminType: 0, permissions: [] });
    expect((await post('/adminLogin/logout', undefined, signedOut, '')).body.errCode).toBe(0);
  });

  it('still asks for required fields when the body is empty, in Chinese', async () => {
    const res = await post('/saasAdmin/create', '');
    expect(res.status).toBe(400);
    expect(res.body.errCode).toBe(400100);
    expect(res.body.fieldErrors?.loginName).toBe('必填');
  });

  it('refuses text with a NUL character on the field, and a __proto__ key', async () => {
    const nul = await post('/enterprise/create', JSON.stringify({ name: 'a\u0000b' }));
    expect(nul.body).toMatchObject({ errCode: 400100, fieldErrors: { name: '不能包含空字符' } });
    const proto = await post('/enterprise/create', '{"name":"甲","__proto__":{"x":1}}');
    expect(proto.status).toBe(400);
    expect(proto.body.errCode).toBe(400100);
  });

  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const provider = await createTestOperator(t, { adminType: 1, permissions: ['enterprise.create'] });
    const fields = (name: string) =>
      `{"name":"${name}","contactName":"","contactPhone":"","address":"","status":1,"remark":""}`;
    // Two bytes no UTF-8 text can hold (a GBK client's "损"), then "坏" in UTF-8.
    const [before, after] = fields('\u0000').split('\u0000');
    const bytes = Buffer.concat([Buffer.from(before!), Buffer.from([0xcb, 0xf0]), Buffer.from(`坏${after}`)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/enterprise/create',
      headers: { ...provider.headers, 'content-type': 'application/json' },
      payload: bytes,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Envelope>();
    expect(body.errCode).toBe(400100);
    expect(body.errMsg).toMatch(/UTF-8/);
    expect(body.errMsg).toMatch(/[\u4e00-\u9fff]/);
    // The same text in UTF-8 is taken, so it was the encoding that was refused.
    const good = await post('/enterprise/create', fields('损坏'), provider);
    expect(good.body.errCode, good.body.errMsg).toBe(0);
  });

  it('answers validation failures without an English word', async () => {
    const res = await post(
      '/saasAdmin/create',
      JSON.stringify({ loginName: 5, name: '', phone: [], email: 'x', roleIds: 'a', open: 'yes', extra: 1 }),
    );
    expect(res.body.errCode).toBe(400100);
    const messages = [res.body.errMsg, ...Object.values(res.body.fieldErrors ?? {})];
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) expect(message).not.toMatch(/[A-Za-z]{3,}/);
  });
});
