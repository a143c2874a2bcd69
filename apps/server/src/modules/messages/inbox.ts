import { COUNT_CAP, type ReceivedMessageDetail, type ReceivedMessageRow } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';

// The recipient's side, for every operator (platform admins, provider admins and staff). Every
// query is confined to the operator's own rows (adminId), so another operator's message id
// answers exactly like a missing one.

type Db = Kysely<Database>;

function own(db: Db, adminId: number) {
  return db.selectFrom('saasMessageRecipient as r').where('r.adminId', '=', adminId).where('r.deleted', '=', 0);
}

export async function pageInbox(
  db: Db,
  adminId: number,
  q: { offset: number; size: number; status?: number | null },
): Promise<{ total: number; totalCapped?: boolean; list: ReceivedMessageRow[] }> {
  let filtered = own(db, adminId);
  if (q.status === 0 || q.status === 1) filtered = filtered.where('r.status', '=', q.status);
  // Counting stops at the cap: an operator with a huge inbox still gets a fast answer.
  const counted = await db
    .selectFrom(
      filtered
        .select('r.id')
        .limit(COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await filtered
    .innerJoin('saasMessage as m', 'm.id', 'r.messageId')
    .select(['r.id', 'm.title', 'r.receiveTime', 'r.status'])
    .orderBy('r.id', 'desc')
    .limit(q.size)
    .offset((q.offset - 1) * q.size)
    .execute();
  return {
    total,
    ...(total > COUNT_CAP ? { totalCapped: true } : {}),
    list: rows.map((r) => ({
      id: String(r.id),
      messageTitle: r.title,
      receiveTime: r.receiveTime,
      status: r.status === 1 ? 1 : 0,
    })),
  };
}

export async function getInboxItem(db: Db, adminId: number, id: number): Promise<ReceivedMessageDetail> {
  const r = await own(db, adminId)
    .innerJoin('saasMessage as m', 'm.id', 'r.messageId')
    .where('r.id', '=', id)
    .select([
      'r.id',
      'r.messageId',
      'm.title',
      'm.content',
      'm.senderName',
      'm.link',
      'r.receiveTime',
      'r.status',
      'r.readAt',
    ])
    .executeTakeFirst();
  if (!r) throw new AppError('recordNotFound');
  return {
    id: String(r.id),
    messageId: String(r.messageId),
    messageTitle: r.title,
    content: r.content,
    senderName: r.senderName,
    receiveTime: r.receiveTime,
    status: r.status === 1 ? 1 : 0,
    readAt: r.readAt,
    link: r.link,
  };
}

/** Marks one of the operator's messages read; reading it again changes nothing. */
export async function markRead(db: Db, adminId: number, id: number): Promise<void> {
  const found = await own(db, adminId).where('r.id', '=', id).select(['r.id', 'r.status']).executeTakeFirst();
  if (!found) throw new AppError('recordNotFound');
  if (found.status === 1) return;
  await db
    .updateTable('saasMessageRecipient')
    .set({ status: 1, readAt: nowIso() })
    .where('id', '=', id)
    .where('adminId', '=', adminId)
    .execute();
}

export async function markAllRead(db: Db, adminId: number): Promise<number> {
  const result = await db
    .updateTable('saasMessageRecipient')
    .set({ status: 1, readAt: nowIso() })
    .where('adminId', '=', adminId)
    .where('deleted', '=', 0)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The recipient's delete hides the row from them; the sender's read counts keep it. */
export async function deleteInboxItem(db: Db, adminId: number, id: number): Promise<void> {
  const result = await db
    .updateTable('saasMessageRecipient')
    .set({ deleted: 1 })
    .where('id', '=', id)
    .where('adminId', '=', adminId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('recordNotFound');
}
