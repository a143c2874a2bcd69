import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/** PostgreSQL truncates identifiers at 63 bytes; a longer name gets a short hash instead of its tail. */
const MAX_NAME = 63;

/** The name of a list index: table and columns, as 0023 and 0070 named theirs. */
export function listIndexName(table: string, columns: readonly string[]): string {
  const name = `${table}_${columns.join('_')}`;
  if (name.length <= MAX_NAME) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_NAME - 9)}_${hash}`;
}

/**
 * Creates list indexes (table → column lists). `if not exists`: a name says its columns, so an
 * index another migration already built under the same name is the same index.
 */
export async function createListIndexes(db: Kysely<unknown>, indexes: Record<string, string[][]>): Promise<void> {
  for (const [table, lists] of Object.entries(indexes)) {
    for (const columns of lists) {
      await db.schema.createIndex(listIndexName(table, columns)).ifNotExists().on(table).columns(columns).execute();
    }
  }
}
