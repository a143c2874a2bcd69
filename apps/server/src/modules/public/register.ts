import { randomInt } from 'node:crypto';
import { type Registration, chinaDayCompact } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { fieldError } from '../../lib/app-error.js';

/** Agent status of an application awaiting review in 服务商审核 (agentExamine). */
export const PENDING_REVIEW = 0;
/** Applicants start at city level; the reviewer may raise it when approving. */
const CITY_LEVEL = 3;

export const duplicatePendingMessage = '该手机号已提交入驻申请，正在审核中，请耐心等待审核结果';

/** FW + yyMMdd (China date) + 4 random digits, e.g. FW2611220417: readable over the phone, unique by retry. */
function candidateAgentNo(now: Date): string {
  const ymd = chinaDayCompact(now);
  return `FW${ymd}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

async function freeAgentNo(db: Kysely<Database>, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const agentNo = candidateAgentNo(now);
    const taken = await db.selectFrom('agent').where('agentNo', '=', agentNo).select('id').executeTakeFirst();
    if (!taken) return agentNo;
  }
  throw new Error('no free agent number after 20 attempts');
}

/**
 * Records a provider application as a pending agent. One pending application per phone: a
 * second one is refused with a message saying the first is under review.
 */
export async function submitRegistration(
  db: Kysely<Database>,
  input: Registration,
): Promise<{ id: number; agentNo: string; submittedAt: string }> {
  const pending = await db
    .selectFrom('agent')
    .where('contactPhone', '=', input.contactPhone)
    .where('status', '=', PENDING_REVIEW)
    .select('id')
    .executeTakeFirst();
  if (pending) throw fieldError('contactPhone', duplicatePendingMessage);

  const now = nowIso();
  const agentNo = await freeAgentNo(db, new Date(now));
  const row = await db
    .insertInto('agent')
    .values({
      agentNo,
      name: input.name,
      kind: input.kind,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      region: input.region,
      address: input.address,
      level: CITY_LEVEL,
      status: PENDING_REVIEW,
      remark: input.remark,
      direct: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, agentNo, submittedAt: now };
}
