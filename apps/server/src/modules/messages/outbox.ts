import {
  COUNT_CAP,
  MESSAGE_CONTENT_MAX,
  type MessageCreate,
  type SentMessageDetail,
  type SentMessageRow,
} from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { SaasMessageTable } from '../../db/tables/messages.js';
import type { Operator } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import type { Target } from '../../realtime/hub.js';
import { plainTextOf, sanitizeHtml } from './sanitize-html.js';

// The platform's side: compose (one recipient row per provider operator, in the caller's
// transaction) and the sent list with read counts. Only messages the platform composed belong
// here: the system's account notices (tell-accounts.ts) are neither listed nor withdrawable.

type Db = Kysely<Database>;

function parseIds(json: string): number[] {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

export async function createMessage(
  db: Db,
  sender: Operator,
  input: MessageCreate,
): Promise<{ id: number; recipientCount: number; target: Target }> {
  const content = sanitizeHtml(input.content);
  if (!plainTextOf(content)) throw fieldError('content', '请输入消息内容');
  if (content.length > MESSAGE_CONTENT_MAX) throw fieldError('content', '消息内容过长');
  const agentIds = [...new Set((input.agentIds ?? []).map(toDbId))].sort((a, b) => a - b);
  const adminTypes = [...new Set(input.adminTypes ?? [])].sort();
  if (agentIds.length > 0) {
    const found = await db.selectFrom('agent').where('id', 'in', agentIds).select('id').execute();
    if (found.length !== agentIds.length) throw fieldError('agentIds', '所选服务商不存在');
  }
  const now = nowIso();
  const message = await db
    .insertInto('saasMessage')
    .values({
      title: input.messageTitle,
      content,
      senderId: sender.id,
      senderName: sender.name,
      agentIds: JSON.stringify(agentIds),
      adminTypes: JSON.stringify(adminTypes),
      recipientCount: 0,
      sendTime: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // One statement writes every recipient row, however many operators the providers have.
  let audience = db
    .selectFrom('admin')
    .where('adminType', 'in', [1, 2])
    .where('open', '=', 1)
    .where('agentId', 'is not', null);
  if (agentIds.length > 0) audience = audience.where('agentId', 'in', agentIds);
  if (adminTypes.length > 0) audience = audience.where('adminType', 'in', adminTypes);
  const inserted = await db
    .insertInto('saasMessageRecipient')
    .columns(['messageId', 'adminId', 'agentId', 'status', 'receiveTime', 'deleted'])
    .expression(
      audience.select([
        sql.lit(message.id).as('messageId'),
        'admin.id',
        'admin.agentId',
        sql.lit(0).as('status'),
        sql.lit(now).as('receiveTime'),
        sql.lit(0).as('deleted'),
      ]),
    )
    .executeTakeFirst();
  const recipientCount = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  await db.updateTable('saasMessage').set({ recipientCount }).where('id', '=', message.id).execute();
  return { id: message.id, recipientCount, target: audienceTarget(agentIds, adminTypes) };
}

function audienceTarget(agentIds: number[], adminTypes: number[]): Target {
  return {
    kind: 'providers',
    agentIds: agentIds.length > 0 ? agentIds : null,
    adminTypes: adminTypes.length > 0 ? adminTypes : null,
  };
}

function composed(db: Db) {
  return db.selectFrom('saasMessage').where('kind', '=', 'compose');
}

type MessageRow = Pick<
  SaasMessageTable,
  'title' | 'senderName' | 'sendTime' | 'agentIds' | 'adminTypes' | 'recipientCount'
> & { id: number };

async function readCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('saasMessageRecipient')
    .where('messageId', 'in', ids)
    .where('status', '=', 1)
    .groupBy('messageId')
    .select((eb) => ['messageId', eb.fn.countAll<number>().as('n')])
    .execute();
  return new Map(rows.map((r) => [r.messageId, Number(r.n)]));
}

function toRow(m: MessageRow, read: number): SentMessageRow {
  return {
    id: String(m.id),
    messageTitle: m.title,
    senderName: m.senderName,
    sendTime: m.sendTime,
    agentIds: parseIds(m.agentIds).map(String),
    adminTypes: parseIds(m.adminTypes).filter((t): t is 1 | 2 => t === 1 || t === 2),
    recipientCount: m.recipientCount,
    readCount: read,
  };
}

const rowColumns = ['id', 'title', 'senderName', 'sendTime', 'agentIds', 'adminTypes', 'recipientCount'] as const;

export async function pageSent(db: Db, q: { offset: number; size: number; messageTitle?: string }) {
  let filtered = composed(db);
  if (q.messageTitle) filtered = filtered.where('title', 'like', `%${q.messageTitle.replace(/[%_\\]/g, '')}%`);
  const counted = await db
    .selectFrom(
      filtered
        .select('id')
        .limit(COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await filtered
    .select(rowColumns)
    .orderBy('sendTime', 'desc')
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.offset - 1) * q.size)
    .execute();
  const reads = await readCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    ...(total > COUNT_CAP ? { totalCapped: true } : {}),
    list: rows.map((r) => toRow(r, reads.get(r.id) ?? 0)),
  };
}

export async function getSent(db: Db, id: number): Promise<SentMessageDetail> {
  const m = await composed(db)
    .where('id', '=', id)
    .select([...rowColumns, 'content'])
    .executeTakeFirst();
  if (!m) throw new AppError('recordNotFound');
  const reads = await readCounts(db, [id]);
  const agentIds = parseIds(m.agentIds);
  const agents =
    agentIds.length > 0
      ? await db.selectFrom('agent').where('id', 'in', agentIds).select(['id', 'name']).orderBy('id').execute()
      : [];
  return {
    ...toRow(m, reads.get(id) ?? 0),
    content: m.content,
    agents: agents.map((a) => ({ id: String(a.id), name: a.name })),
  };
}

/** Withdraws a message: it disappears from every recipient's list (rows cascade). */
export async function deleteSent(db: Db, id: number): Promise<{ title: string; target: Target }> {
  const m = await composed(db).where('id', '=', id).select(['title', 'agentIds', 'adminTypes']).executeTakeFirst();
  if (!m) throw new AppError('recordNotFound');
  await db.deleteFrom('saasMessage').where('id', '=', id).execute();
  return { title: m.title, target: audienceTarget(parseIds(m.agentIds), parseIds(m.adminTypes)) };
}

export async function agentOptions(db: Db, keyword?: string) {
  let q = db.selectFrom('agent').select(['id', 'name']).where('direct', '=', 0).orderBy('id').limit(50);
  if (keyword) q = q.where('name', 'like', `%${keyword.replace(/[%_\\]/g, '')}%`);
  const rows = await q.execute();
  return rows.map((r) => ({ id: String(r.id), name: r.name }));
}
