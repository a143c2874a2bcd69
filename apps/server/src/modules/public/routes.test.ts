import { REGISTRATIONS_PER_HOUR } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { duplicatePendingMessage, PENDING_REVIEW } from './register.js';

let serial = 0;
/** A distinct valid mobile number and client address per application. */
function application(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    kind: 1,
    name: '宁波海曙沐云科技有限公司',
    contactName: '王海燕',
    contactPhone: `139${String(10_000_000 + serial * 7919).slice(-8)}`,
    region: '浙江省/宁波市/海曙区',
    address: '中山西路 138 号天宁大厦 1506 室',
    remark: '主营浴场、足道门店的智能储物柜',
    ...overrides,
  };
}
const fromAddress = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

describe('POST /api/public/register (provider application)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = (payload: Record<string, unknown>, address = 1) =>
    t.app.inject({ method: 'POST', url: '/api/public/register', payload, headers: fromAddress(address) });

  it('creates a pending provider with a generated number, logged as 访客 in the same transaction', async () => {
    const body = application({ kind: 2, name: '李建国', address: undefined, remark: undefined });
    const res = await submit(body, 10);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ errCode: number; data: { agentNo: string; submittedAt: string } }>();
    expect(data.errCode).toBe(0);
    expect(data.data.agentNo).toMatch(/^FW\d{10}$/);

    const row = await t.database.db
      .selectFrom('agent')
      .where('agentNo', '=', data.data.agentNo)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: PENDING_REVIEW,
      kind: 2,
      name: '李建国',
      contactPhone: body.contactPhone,
      address: '',
      remark: '',
      direct: 0,
    });

    const log = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', String(row.id))
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operatorName: '访客', module: '公开', result: 1, operatorId: null });
  });

  it('refuses a second pending application of the same phone with a clear message', async () => {
    const first = application();
    expect((await submit(first, 11)).statusCode).toBe(200);
    const again = await submit({ ...first, name: '另一家公司' }, 12);
    expect(again.statusCode).toBe(400);
    const body = again.json<{ errMsg: string; fieldErrors: Record<string, string> }>();
    expect(body.errMsg).toBe(duplicatePendingMessage);
    expect(body.fieldErrors.contactPhone).toBe(duplicatePendingMessage);
    const rows = await t.database.db
      .selectFrom('agent')
      .where('contactPhone', '=', first.contactPhone)
      .select('id')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('validates every field with Chinese messages on the field', async () => {
    const res = await submit(application({ contactPhone: '12345', name: 'A', kind: 3, region: '' }), 13);
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json<{ fieldErrors: Record<string, string> }>();
    expect(fieldErrors.contactPhone).toBe('请输入 11 位手机号');
    expect(fieldErrors.name).toBe('名称至少 2 个字');
    expect(fieldErrors.region).toBe('请填写所在地区');
    expect(fieldErrors.kind).toBeDefined();
  });

  it('limits applications per address and answers 429 in the envelope', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i += 1) {
      expect((await submit(application(), 20)).statusCode).toBe(200);
    }
    const limited = await submit(application(), 20);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errCode: 429001 });
    // Another address is counted on its own.
    expect((await submit(application(), 21)).statusCode).toBe(200);
  });
});
