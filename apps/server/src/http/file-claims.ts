import { storedFileName } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

// A stored file's name wherever it sits in a string: a bare key, a `/files/<name>` URL, or an
// image inside rich text.
const nameInText = new RegExp(storedFileName.source.replace(/^\^|\$$/g, ''), 'g');
const MAX_DEPTH = 8;

/** Every stored-file name in a request's query and body (plain objects, arrays and strings). */
export function fileNamesIn(value: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(nameInText)) found.add(m[0]);
  } else if (Array.isArray(value) && depth < MAX_DEPTH) {
    for (const item of value) fileNamesIn(item, found, depth + 1);
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // Only parsed JSON and query objects: an upload's streaming body is not walked.
    if (depth < MAX_DEPTH) for (const item of Object.values(value)) fileNamesIn(item, found, depth + 1);
  }
  return found;
}

/**
 * Marks as claimed the stored files a write names, in that write's transaction: a write that
 * commits keeps its files for good, one that rolls back claims nothing. A write that names a file
 * without storing it only keeps that file; the mistake never deletes a file a record uses.
 */
export async function claimNamedFiles(db: Kysely<Database>, input: unknown, at: string): Promise<void> {
  const names = [...fileNamesIn(input)];
  if (names.length === 0) return;
  await db
    .updateTable('storedFile')
    .set({ claimedAt: at })
    .where('key', 'in', names.slice(0, 500))
    .where('claimedAt', 'is', null)
    .execute();
}
