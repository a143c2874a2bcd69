import { type TablePrefs, USER_PREF_MAX_KEYS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { type TestOperator, createTestOperator } from '../../../test/operators.js';
import { nowIso } from '../../lib/clock.js';

describe('user prefs', () => {
  let t: TestApp;
  let admin: TestOperator;
  let otherAdmin: TestOperator;
  let staff: TestOperator;

  interface Answer<T> {
    status: number;
    errCode: number;
    data: T;
    fieldErrors?: Record<string, string>;
  }
  const get = async (op: TestOperator | null, key: string): Promise<Answer<TablePrefs | null>> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/userPref/get?key=${encodeURIComponent(key)}`,
      headers: op?.headers ?? {},
    });
    return { status: res.statusCode, ...res.json<Omit<Answer<TablePrefs | null>, 'status'>>() };
  };
  const save = async (op: TestOperator | null, payload: object): Promise<Answer<null>> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/userPref/save', headers: op?.headers ?? {}, payload });
    return { status: res.statusCode, ...res.json<Omit<Answer<null>, 'status'>>() };
  };
  const prefs = (patch: Partial<TablePrefs> = {}): TablePrefs => ({
    hidden: ['price'],
    order: ['status', 'name'],
    widths: { name: 180 },
    density: 'small',
    ...patch,
  });

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: [] }));
    otherAdmin = await createTestOperator(t, { adminType: 0, permissions: [] });
    staff = await createTestOperator(t, { adminType: 2, permissions: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers null before anything is saved, then the saved value; a second save replaces it', async () => {
    expect((await get(admin, 'table.store')).data).toBeNull();
    expect((await save(admin, { key: 'table.store', value: prefs() })).errCode).toBe(0);
    expect((await get(admin, 'table.store')).data).toEqual(prefs());
    expect((await save(admin, { key: 'table.store', value: prefs({ density: 'large', hidden: [] }) })).errCode).toBe(0);
    expect((await get(admin, 'table.store')).data).toEqual(prefs({ density: 'large', hidden: [] }));
    const rows = await t.database.db.selectFrom('userPref').where('adminId', '=', admin.adminId).selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps each account to its own settings, whatever the request names', async () => {
    await save(staff, { key: 'table.homeUser', value: prefs({ density: 'middle' }) });
    expect((await get(otherAdmin, 'table.homeUser')).data).toBeNull();
    // An account id in the body is not part of the contract: it is dropped, and the save is the caller's own.
    const forged = await save(otherAdmin, {
      key: 'table.homeUser',
      value: prefs({ density: 'large' }),
      adminId: String(staff.adminId),
    });
    expect(forged.errCode).toBe(0);
    expect((await get(staff, 'table.homeUser')).data).toEqual(prefs({ density: 'middle' }));
    expect((await get(otherAdmin, 'table.homeUser')).data).toEqual(prefs({ density: 'large' }));
  });

  it('needs a session', async () => {
    expect((await get(null, 'table.store')).errCode).toBe(5000);
    expect((await save(null, { key: 'table.store', value: prefs() })).errCode).toBe(5000);
  });

  it('validates the key and the value against the contract, with its size bounds', async () => {
    const refused = [
      { key: 'store', value: prefs() },
      { key: 'table.../x', value: prefs() },
      { key: 'table.store', value: prefs({ density: 'huge' as TablePrefs['density'] }) },
      { key: 'table.store', value: { hidden: [], density: 'small' } },
      { key: 'table.store', value: prefs({ hidden: Array.from({ length: 61 }, (_, i) => `c${i}`) }) },
      { key: 'table.store', value: prefs({ order: ['x'.repeat(41)] }) },
      { key: 'table.store', value: prefs({ order: [''] }) },
      { key: 'table.store', value: prefs({ widths: { name: 39 } }) },
      { key: 'table.store', value: prefs({ widths: { name: 801 } }) },
    ];
    for (const payload of refused) {
      const res = await save(otherAdmin, payload);
      expect(res.errCode, JSON.stringify(payload).slice(0, 80)).toBe(400100);
    }
    expect((await get(admin, 'table..')).errCode).toBe(400100);
    // The widest accepted value still saves.
    const widest = prefs({ hidden: Array.from({ length: 60 }, (_, i) => `${'c'.repeat(36)}${1000 + i}`) });
    expect((await save(otherAdmin, { key: 'table.wide', value: widest })).errCode).toBe(0);
  });

  it('reads a stored value the contract no longer accepts as never saved', async () => {
    await t.database.db
      .insertInto('userPref')
      .values({ adminId: admin.adminId, prefKey: 'table.old', value: '{"cols":1}', updatedAt: nowIso() })
      .execute();
    expect((await get(admin, 'table.old')).data).toBeNull();
  });

  it('reads a value saved before column widths existed, with no widths', async () => {
    const { widths: _, ...older } = prefs();
    await t.database.db
      .insertInto('userPref')
      .values({ adminId: admin.adminId, prefKey: 'table.older', value: JSON.stringify(older), updatedAt: nowIso() })
      .execute();
    expect((await get(admin, 'table.older')).data).toEqual({ ...older, widths: {} });
  });

  it(`keeps at most ${USER_PREF_MAX_KEYS} settings per account, while existing ones still update`, async () => {
    const op = await createTestOperator(t, { adminType: 1, permissions: [] });
    const now = nowIso();
    await t.database.db
      .insertInto('userPref')
      .values(
        Array.from({ length: USER_PREF_MAX_KEYS }, (_, i) => ({
          adminId: op.adminId,
          prefKey: `table.r${i}`,
          value: JSON.stringify(prefs()),
          updatedAt: now,
        })),
      )
      .execute();
    const over = await save(op, { key: 'table.oneMore', value: prefs() });
    expect(over.errCode).toBe(400100);
    expect(over.fieldErrors?.key).toBe('个人设置数量已达上限');
    expect((await save(op, { key: 'table.r7', value: prefs({ density: 'large' }) })).errCode).toBe(0);
    expect((await get(op, 'table.r7')).data?.density).toBe('large');
  });

  it('writes no operation-log rows: view settings are not business changes', async () => {
    const before = await t.database.db
      .selectFrom('operationLog')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await save(admin, { key: 'table.agent', value: prefs() });
    const after = await t.database.db
      .selectFrom('operationLog')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('goes with the account', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: [] });
    await save(op, { key: 'table.store', value: prefs() });
    await t.database.db.deleteFrom('session').where('adminId', '=', op.adminId).execute();
    await t.database.db.deleteFrom('adminRole').where('adminId', '=', op.adminId).execute();
    await t.database.db.deleteFrom('admin').where('id', '=', op.adminId).execute();
    const left = await t.database.db.selectFrom('userPref').where('adminId', '=', op.adminId).select('id').execute();
    expect(left).toHaveLength(0);
  });
});
