import type { Generated } from 'kysely';

/** A browser that has signed in to an account (migration 0080): trusted, and with `remember` the 记住密码 credential. */
export interface SignInDeviceTable {
  id: Generated<number>;
  /** sha-256 of the httpOnly device cookie's value; one browser holds one value for all its accounts. */
  tokenHash: string;
  adminId: number;
  /** 1 while 记住密码 is ticked in that browser: it may sign in without the password. */
  remember: number;
  createdAt: string;
  lastSignInAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** When this browser last passed the second factor (migration 0250); null: never. */
  secondFactorAt: Generated<string | null>;
}

/** Failed sign-ins of one login name from one source (`ip:<address>` or `device:<id>`). */
export interface SignInFailureTable {
  id: Generated<number>;
  loginName: string;
  source: string;
  /** The address of the latest failure (for a device source, where it was). */
  ip: string;
  failures: number;
  lastFailureAt: string;
  lockedUntil: string | null;
}

/** 设备密钥 (migration 0235): a device's MQTT secret, kept hashed; the broker holds the usable one. */
export interface DeviceCredentialTable {
  id: Generated<number>;
  kind: 'gateway' | 'android';
  /** The broker username: the gateway's deviceName or the terminal's deviceNo. */
  serial: string;
  /** sha-256 of the secret (a random 32-byte token; no slow hash needed for that much entropy). */
  secretHash: string;
  issuedAt: string;
  issuedBy: number | null;
  /** Set when the device was unbound or deleted, or the broker lost its client: the broker refuses it. */
  revokedAt: string | null;
  revokedReason: string;
}

export interface SignInTables {
  deviceCredential: DeviceCredentialTable;
  signInDevice: SignInDeviceTable;
  signInFailure: SignInFailureTable;
}
