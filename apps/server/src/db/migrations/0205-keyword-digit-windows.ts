import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';
import { gramSourceTables, backfillDigitWindows, createGramTriggers } from './keyword-gram-index.js';

// Phone and store numbers in the keyword index (issue 16). A keyword of digits only had only
// common bigrams (ten digits make a hundred bigrams, each held by 10–45 % of a million staff), so
// its capped count verified candidates until the cap (~10 000 row lookups and LIKEs). Every window
// of four ASCII digits is now kept in search_gram beside the bigrams (the length tells them apart;
// keyword-gram-index.ts): ~800 staff rows of a million hold a given one, so a keyword holding four
// digits in a row seeks its rarest window and LIKE verifies the candidates as before.
//
// Every indexed table (search_gram_source) gets triggers writing both kinds, and its existing
// rows' digit windows. (A database created after this migration gets both from 0180 and 0185,
// which share the code; this one then finds nothing to add.)

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const indexed = await gramSourceTables(db);
  for (const [table, columns] of indexed) {
    await createGramTriggers(db, pg, table, columns);
    await backfillDigitWindows(db, pg, table, columns);
  }
}
