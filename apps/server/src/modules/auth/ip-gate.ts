import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { isAllowed } from '../operations/ip-allow.js';

/** ip_restriction.applies_to: 0 every account, 1 platform accounts, 2 provider accounts. */
const APPLIES_TO_ALL = 0;

/**
 * Whether the IP restrictions (IP 限制) let this address sign in to this kind of account. A name
 * with no account is held to the rules for every account only.
 */
export async function addressMaySignIn(db: Kysely<Database>, ip: string, adminType: number | null): Promise<boolean> {
  const classes = adminType === null ? [APPLIES_TO_ALL] : [APPLIES_TO_ALL, adminType === 0 ? 1 : 2];
  const rules = await db
    .selectFrom('ipRestriction')
    .where('status', '=', 1)
    .where('appliesTo', 'in', classes)
    .select(['ruleType', 'address'])
    .execute();
  return isAllowed(ip, rules);
}
