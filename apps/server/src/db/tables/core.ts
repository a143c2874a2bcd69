import type { ColumnType, Generated } from 'kysely';

// Row types of the core tables (accounts, permissions, sessions, logs). Times are ISO text,
// flags are 0/1 integers, money is integer fen: the same on SQLite and PostgreSQL.

export interface Stamped {
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface AgentTable extends Stamped {
  id: Generated<number>;
  agentNo: string;
  name: string;
  kind: number;
  contactName: string;
  contactPhone: string;
  region: string;
  address: string;
  level: number;
  status: number;
  openedAt: string | null;
  expireAt: string | null;
  webPrice: number | null;
  staffAppletPrice: number | null;
  remark: string;
  /** The reserved platform-owned provider behind the direct-run (直营) screens. */
  direct: number;
  /** When its application was approved or rejected, and why it was rejected (migration 0105). */
  reviewedAt: ColumnType<string | null, string | null | undefined, string | null>;
  rejectReason: ColumnType<string, string | undefined, string>;
  /** SMS messages the provider may still send (migration 0150); 短信回收 credits it back. */
  smsBalance: Generated<number>;
}

export interface AdminTable extends Stamped {
  id: Generated<number>;
  loginName: string;
  name: string;
  phone: string;
  email: string;
  adminType: number;
  agentId: number | null;
  passwordHash: string;
  open: number;
  headImg: string;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  changePsw: number;
  failedCount: number;
  lockedUntil: string | null;
}

export interface RoleTable extends Stamped {
  id: Generated<number>;
  name: string;
  code: string;
  sort: number;
  status: number;
  /** 1: every holder signs in with a second factor, every time (migration 0250). */
  requireSecondFactor: Generated<number>;
  remark: string;
}

export interface AdminRoleTable {
  adminId: number;
  roleId: number;
}

export interface MenuTable {
  id: Generated<number>;
  parentId: number | null;
  /** Route name (page/directory) or action code such as `saasAdmin.create`; unique per scope. */
  url: string;
  title: string;
  icon: string;
  sort: number;
  hidden: number;
  /** 1 directory, 2 page, 3 action. */
  kind: number;
  /** Which operators the entry can be granted to: platform | agent. */
  scope: string;
  path: string;
  /** Added by migration 0041 (菜单管理 edits concurrently). */
  version: Generated<number>;
}

export interface RoleMenuTable {
  roleId: number;
  menuId: number;
}

export interface AgentMenuTable {
  agentId: number;
  menuId: number;
}

/** A provider staff member's own grant, effective only where the provider's agent menu has it too. */
export interface AdminMenuTable {
  adminId: number;
  menuId: number;
}

export interface SessionTable {
  id: Generated<number>;
  tokenHash: string;
  adminId: number;
  createdAt: string;
  lastSeenAt: string;
  idleMinutes: number;
  expiresAt: string;
  revokedAt: string | null;
  revokeReason: string | null;
  ip: string;
  userAgent: string;
  /** The sign_in_device the session was opened from; null before migration 0080 or without one. */
  deviceId: number | null;
}

export interface CaptchaTable {
  id: string;
  answerHash: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface LoginLogTable {
  id: Generated<number>;
  loginName: string;
  adminId: number | null;
  ip: string;
  userAgent: string;
  /** 1 success, 0 failure. */
  result: number;
  reason: string;
  at: string;
}

export interface OperationLogTable {
  id: Generated<number>;
  operatorId: number | null;
  operatorName: string;
  adminType: number | null;
  agentId: number | null;
  module: string;
  action: string;
  method: string;
  path: string;
  /** JSON of the request with secrets removed. */
  params: string;
  /** JSON array of {field, before, after} for updates. */
  changes: string;
  targetId: string | null;
  /** The resource the target belongs to (permission prefix, e.g. `store`); null on rows before 0245. */
  resource: string | null;
  /** 1 ok, 0 failed. */
  result: number;
  errMsg: string;
  ip: string;
  userAgent: string;
  durationMs: number;
  at: string;
  /** 以服务商身份查看 (0280): the platform admin behind a provider's row, their name and reason. */
  actingAdminId: number | null;
  actingAdminName: string | null;
  viewAsReason: string | null;
}

export interface CoreTables {
  agent: AgentTable;
  admin: AdminTable;
  role: RoleTable;
  adminRole: AdminRoleTable;
  menu: MenuTable;
  roleMenu: RoleMenuTable;
  agentMenu: AgentMenuTable;
  adminMenu: AdminMenuTable;
  session: SessionTable;
  captcha: CaptchaTable;
  loginLog: LoginLogTable;
  operationLog: OperationLogTable;
}
