import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';
import { nowIso } from '../src/lib/clock.js';
import type { TestApp } from './test-app.js';

let serial = 0;

/** A provider row for tests; status 1 (active) unless told otherwise. */
export async function createTestAgent(db: Kysely<Database>, fields: { name?: string; status?: number } = {}) {
  serial += 1;
  const now = nowIso();
  const row = await db
    .insertInto('agent')
    .values({
      agentNo: `TA${Date.now()}${serial}`,
      name: fields.name ?? `测试服务商${serial}`,
      kind: 1,
      contactName: '张三',
      contactPhone: '13800000000',
      region: '浙江省/杭州市',
      address: '',
      level: 3,
      status: fields.status ?? 1,
      remark: '',
      direct: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes sure each menu code exists in the catalogue for the given scope; returns their ids. */
async function ensureMenus(db: Kysely<Database>, codes: string[], scope: 'platform' | 'agent'): Promise<number[]> {
  const ids: number[] = [];
  for (const url of codes) {
    const found = await db
      .selectFrom('menu')
      .where('url', '=', url)
      .where('scope', '=', scope)
      .select(['id'])
      .executeTakeFirst();
    if (found) {
      ids.push(found.id);
      continue;
    }
    const row = await db
      .insertInto('menu')
      .values({ url, title: url, icon: '', sort: 0, hidden: 0, kind: 3, scope, path: '', parentId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export interface TestOperator {
  adminId: number;
  agentId: number | null;
  token: string;
  headers: { token: string };
}

/**
 * An account with exactly the given permission codes and a live session, without going through
 * sign-in: platform admins (adminType 0) get them through a role, provider operators through
 * their provider's agent menu (and provider staff through their own grant of the same entries).
 */
export async function createTestOperator(
  t: TestApp,
  opts: { adminType: 0 | 1 | 2; agentId?: number; permissions: string[]; loginName?: string },
): Promise<TestOperator> {
  const db = t.database.db;
  serial += 1;
  const now = nowIso();
  const agentId = opts.adminType === 0 ? null : (opts.agentId ?? (await createTestAgent(db)));
  const menuIds = await ensureMenus(db, opts.permissions, opts.adminType === 0 ? 'platform' : 'agent');
  const admin = await db
    .insertInto('admin')
    .values({
      loginName: opts.loginName ?? `op${serial}_${Date.now()}`,
      name: `测试账号${serial}`,
      phone: '',
      email: '',
      adminType: opts.adminType,
      agentId,
      passwordHash: 'not-a-real-hash',
      open: 1,
      headImg: '',
      changePsw: 0,
      failedCount: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.adminType === 0) {
    const role = await db
      .insertInto('role')
      .values({
        name: `角色${serial}`,
        code: `role_${serial}_${Date.now()}`,
        sort: 0,
        status: 1,
        remark: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('adminRole').values({ adminId: admin.id, roleId: role.id }).execute();
    for (const menuId of menuIds) await db.insertInto('roleMenu').values({ roleId: role.id, menuId }).execute();
  } else if (agentId !== null) {
    for (const menuId of menuIds) {
      await db
        .insertInto('agentMenu')
        .values({ agentId, menuId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      // A staff member holds only what their own grant and the provider's menu both hold.
      if (opts.adminType === 2) await db.insertInto('adminMenu').values({ adminId: admin.id, menuId }).execute();
    }
  }
  const token = await t.app.sessions.create(db, admin.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { adminId: admin.id, agentId, token, headers: { token } };
}
