import type { Generated } from 'kysely';

/** An account's TOTP factor (migration 0250); `enrolledAt` null while enrolment is unconfirmed. */
export interface SecondFactorTable {
  adminId: number;
  /** The base32 key sealed with the server's key (credentials/second-factor-key.ts); never answered. */
  secret: string;
  enrolledAt: string | null;
  /** The time step of the last accepted code: a code is accepted once. */
  lastTimeStep: number | null;
  createdAt: string;
}

/** One of the ten one-time recovery codes, hashed like a password. */
export interface SecondFactorRecoveryCodeTable {
  id: Generated<number>;
  adminId: number;
  codeHash: string;
  usedAt: string | null;
}

/** The sign-in's pending second step, answered in place of a session after a correct password. */
export interface SecondFactorChallengeTable {
  id: Generated<number>;
  /** sha-256 of the challenge value. */
  tokenHash: string;
  adminId: number;
  /** `verify`: a code is owed; `enrol`: a role requires a factor the account has not enrolled. */
  purpose: 'verify' | 'enrol';
  /** Where the password's failures counted (login-guard.ts failureSource): wrong codes count there too. */
  source: string;
  /** 记住密码 was ticked at the password step. */
  remember: number;
  expiresAt: string;
  usedAt: string | null;
}

export interface SecondFactorTables {
  secondFactor: SecondFactorTable;
  secondFactorRecoveryCode: SecondFactorRecoveryCodeTable;
  secondFactorChallenge: SecondFactorChallengeTable;
}
