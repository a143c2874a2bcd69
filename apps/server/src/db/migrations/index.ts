import type { Migration } from 'kysely';
import * as m0001 from './0001-core.js';

/**
 * Every migration, in order, for both engines. Add a line here with each new file; names sort
 * by their number prefix, and applied ones never change.
 */
export const migrations: Record<string, Migration> = {
  '0001-core': m0001,
};
