import type { Generated } from 'kysely';

export interface UserPrefTable {
  id: Generated<number>;
  /** The account the setting belongs to (every operator kind is an admin row). */
  adminId: number;
  prefKey: string;
  /** JSON text of the value, validated by the contract on the way in and out. */
  value: string;
  updatedAt: string;
}

export interface UserPrefTables {
  userPref: UserPrefTable;
}
