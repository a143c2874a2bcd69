import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

// The register a spec imports into is named at run time (bindImport's `table`), its columns by the
// spec: Kysely's static table types cannot name them, so the register's rows are typed as what
// an import writes, text or null by column name. Kysely's own `withTables` adds them; nothing is cast.
type RegisterTables = Record<string, Record<string, string | null>>;

export const registerTable = (db: Kysely<Database>) => db.withTables<RegisterTables>();
