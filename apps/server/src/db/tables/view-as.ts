import type { Generated } from 'kysely';

/** A platform admin's 以服务商身份查看 session (migration 0280). */
export interface ViewAsSessionTable {
  id: Generated<number>;
  /** sha-256 of the `va.` token the viewing tab holds. */
  tokenHash: string;
  /** The platform admin who views. */
  adminId: number;
  /** The admin's own sign-in session: the view-as lives no longer than it. */
  sessionId: number;
  agentId: number;
  /** The provider administrator (adminType 1) whose console is shown. */
  accountId: number;
  mode: 'read' | 'write';
  reason: string | null;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  endReason: string | null;
}

export interface ViewAsTables {
  viewAsSession: ViewAsSessionTable;
}
