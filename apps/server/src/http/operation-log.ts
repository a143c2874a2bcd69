import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { nowIso } from '../lib/clock.js';
import type { AuditDraft, Operator } from './context.js';
import { redactSecrets } from './redact.js';

/** What a row says of who acted: a request's operator, or the one who queued a background job. */
export type LoggedOperator = Pick<Operator, 'id' | 'name' | 'loginName' | 'adminType' | 'agentId' | 'viewAs'>;

export interface OperationRecord {
  operator: LoggedOperator | null;
  module: string;
  /** The resource targetId belongs to, so a record's 操作历史 finds its rows (see resourceOfAccess). */
  resource?: string | null;
  action: string;
  method: string;
  path: string;
  params: unknown;
  audit: AuditDraft;
  ok: boolean;
  errMsg: string;
  ip: string;
  userAgent: string;
  durationMs: number;
}

/** Writes one operation-log row; for a successful write, inside the write's own transaction. */
export async function writeOperationLog(db: Kysely<Database>, r: OperationRecord): Promise<void> {
  // 以服务商身份查看: the row is the provider's (its administrator, its agentId) and names the admin behind it.
  const viewAs = r.operator?.viewAs;
  await db
    .insertInto('operationLog')
    .values({
      operatorId: r.operator?.id ?? null,
      operatorName: r.operator ? `${r.operator.name}(${r.operator.loginName})` : '访客',
      adminType: r.operator?.adminType ?? null,
      agentId: r.operator?.agentId ?? null,
      module: r.module,
      action: r.audit.action ?? r.action,
      method: r.method,
      path: r.path,
      params: JSON.stringify(redactSecrets(r.params) ?? {}),
      changes: JSON.stringify(r.audit.changes ?? []),
      targetId: r.audit.targetId ?? null,
      resource: r.audit.resource ?? r.resource ?? null,
      result: r.ok ? 1 : 0,
      errMsg: r.errMsg.slice(0, 500),
      ip: r.ip,
      userAgent: r.userAgent.slice(0, 300),
      durationMs: Math.round(r.durationMs),
      at: nowIso(),
      actingAdminId: viewAs?.adminId ?? null,
      actingAdminName: viewAs ? `${viewAs.adminName}(${viewAs.adminLoginName})` : null,
      viewAsReason: viewAs?.reason ?? null,
    })
    .execute();
}

/**
 * The resource an endpoint acts on: its permission's prefix (`store.update` → `store`), which
 * is the resource's name for every derived endpoint and for the custom ones declared beside it.
 */
export function resourceOfPermission(permission: string | null): string | null {
  if (!permission) return null;
  const dot = permission.indexOf('.');
  return dot > 0 ? permission.slice(0, dot) : null;
}
