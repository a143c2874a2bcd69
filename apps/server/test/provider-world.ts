import { agentMenus, flattenMenus } from '@console/contract';
import { sql } from 'kysely';
import { nowIso } from '../src/lib/clock.js';
import { createOwnRow, isolationTargets } from './isolation.js';
import { createTestAgent, createTestOperator, type TestOperator } from './operators.js';
import { missingId, type RecordInput } from './route-sweep-declarations.js';
import { endpointRoutes, permissionOfRoute } from './routes-of-app.js';
import type { TestApp } from './test-app.js';

/**
 * A provider with one row of every tenant resource providers can reach, and an administrator
 * holding every permission a provider can hold: the route sweep builds two (A and B), then
 * points B at A's rows.
 */
export interface ProviderWorld {
  agentId: number;
  op: TestOperator;
  /** Owner name (resource name, `message`) → the provider's row: its id and table. */
  rows: Map<string, { id: string; table: string }>;
}

/** Every permission a provider operator can hold: its menu's and those its endpoints check. */
export function providerPermissions(t: TestApp): string[] {
  const fromMenus = flattenMenus(agentMenus).flatMap(({ spec }) => Object.keys(spec.actions ?? {}));
  const fromRoutes = endpointRoutes(t.app)
    .filter((r) => r.endpoint.audience !== 'platform')
    .map(permissionOfRoute)
    .filter((p): p is string => p !== null);
  return [...new Set([...fromMenus, ...fromRoutes])];
}

/** Builds a provider's world; `problems` names the resources that could not get a row. */
export async function buildProviderWorld(t: TestApp): Promise<{ world: ProviderWorld; problems: string[] }> {
  const db = t.database.db;
  const agentId = await createTestAgent(db);
  const op = await createTestOperator(t, { adminType: 1, agentId, permissions: providerPermissions(t) });
  const rows = new Map<string, { id: string; table: string }>();
  const problems: string[] = [];
  for (const target of isolationTargets(t.app)) {
    const own = await createOwnRow(t, target, op, agentId);
    if (typeof own === 'string') problems.push(own);
    else rows.set(target.resource.name, { id: own.id, table: target.table });
  }
  rows.set('message', { id: await receivedMessage(t, op), table: 'saasMessageRecipient' });
  rows.set('savedView', { id: await savedView(t, op), table: 'savedView' });
  rows.set('exportTask', { id: await exportTask(t, op), table: 'exportTask' });
  return { world: { agentId, op, rows }, problems };
}

/** A view of the store list the provider's administrator saved and shared with its staff. */
async function savedView(t: TestApp, op: TestOperator): Promise<string> {
  const now = nowIso();
  const row = await t.database.db
    .insertInto('savedView')
    .values({
      ownerId: op.adminId,
      agentId: op.agentId,
      listKey: 'store',
      name: '待审核门店',
      state: JSON.stringify({ filters: { status: 0 }, size: 20, columns: { order: [], hidden: [] } }),
      share: 'provider',
      roleId: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A finished export of the store list the provider's administrator asked for (its file is not needed). */
async function exportTask(t: TestApp, op: TestOperator): Promise<string> {
  const now = nowIso();
  const row = await t.database.db
    .insertInto('exportTask')
    .values({
      adminId: op.adminId,
      agentId: op.agentId,
      source: '/store/export',
      title: '门店列表',
      filters: '{}',
      status: 'ready',
      fileName: 'export-sweep.xlsx',
      fileSize: 1,
      finishedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A message in the operator's inbox; answers the inbox row's id. */
async function receivedMessage(t: TestApp, op: TestOperator): Promise<string> {
  const db = t.database.db;
  const now = nowIso();
  const message = await db
    .insertInto('saasMessage')
    .values({
      title: '巡检通知',
      content: '<p>请核对门店资料</p>',
      senderId: null,
      senderName: '平台',
      agentIds: JSON.stringify([String(op.agentId)]),
      adminTypes: '[]',
      recipientCount: 1,
      sendTime: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('saasMessageRecipient')
    .values({
      messageId: message.id,
      adminId: op.adminId,
      agentId: op.agentId ?? 0,
      status: 0,
      receiveTime: now,
      readAt: null,
      deleted: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** The value of a record input in this world (undefined when it has no such row). */
export async function recordValue(t: TestApp, world: ProviderWorld, input: RecordInput): Promise<string | undefined> {
  if (input.owner === 'agent') return String(world.agentId);
  if (input.owner === 'operator') return String(world.op.adminId);
  const row = world.rows.get(input.owner);
  if (!row) return undefined;
  if (!input.column) return row.id;
  const found = await sql<
    Record<string, unknown>
  >`select ${sql.ref(input.column)} as v from ${sql.table(row.table)} where id = ${Number(row.id)}`.execute(
    t.database.db,
  );
  const value = found.rows[0]?.v;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

let missingSerial = 0;
/**
 * The value no provider has, for the same input. Typed numbers get a fresh one each time: a
 * create that accepted the last one (as it should) would otherwise have made it taken.
 */
export function missingValue(input: RecordInput): string {
  if (input.missing === undefined) return missingId;
  missingSerial += 1;
  return `${input.missing}${String(missingSerial).padStart(4, '0')}`;
}

/** The current version of an owner's row with this id, or 1 (for the missing id, any number does). */
export async function versionOf(t: TestApp, world: ProviderWorld, owner: string, id: string): Promise<number> {
  const row = world.rows.get(owner);
  if (!row || !/^\d+$/.test(id)) return 1;
  const found = await sql<{
    version: number;
  }>`select version from ${sql.table(row.table)} where id = ${Number(id)}`.execute(t.database.db);
  return Number(found.rows[0]?.version ?? 1);
}

/**
 * Every row of the provider in every table that carries `agent_id`, in a stable order: taken
 * before and after the sweep, the two must be equal (nothing B did reached A's data).
 */
export async function snapshotOf(t: TestApp, agentId: number): Promise<Record<string, unknown[]>> {
  const db = t.database.db;
  const tables = await db.introspection.getTables();
  let schema: string | undefined;
  if (t.database.kind === 'postgres') {
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
  }
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (schema !== undefined && table.schema !== schema) continue;
    if (!table.columns.some((c) => c.name === 'agent_id')) continue;
    const order = table.columns.some((c) => c.name === 'id') ? sql`order by id` : sql``;
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} where agent_id = ${agentId} ${order}`.execute(db);
    out[table.name] = rows.rows;
  }
  return out;
}

/**
 * The provider's rows once the simulators stopped moving them (a merchant application gets its
 * number from the payment simulator moments after it is created): snapshots until two agree.
 */
export async function settledSnapshotOf(t: TestApp, agentId: number): Promise<Record<string, unknown[]>> {
  let last = await snapshotOf(t, agentId);
  for (let i = 0; i < 50; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await snapshotOf(t, agentId);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error(`provider ${agentId}'s rows never settled`);
}
