import { letRequestsIn } from '../lib/let-requests-in.js';

/**
 * Rows per slice when a preview's rows are turned into text and back. 50 000 rows are a few MB
 * of JSON: one JSON.stringify or JSON.parse of all of them held the event loop for 40–50 ms on
 * an idle machine (five times that on a busy one); a slice of 2 000 is a couple of milliseconds.
 */
const ROWS_PER_SLICE = 2_000;

/**
 * A JSON array of the rows with a line break between slices. JSON.stringify writes a line break
 * inside a string as `\n`, so a raw one only ever separates slices, and the text stays one JSON
 * value for anything that reads it whole.
 */
export async function rowsToJson<T>(rows: readonly T[]): Promise<string> {
  const slices: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_SLICE) {
    if (i > 0) await letRequestsIn();
    slices.push(JSON.stringify(rows.slice(i, i + ROWS_PER_SLICE)).slice(1, -1));
  }
  return `[${slices.join(',\n')}]`;
}

/** The rows of `rowsToJson`'s text, a slice at a time; a text without line breaks is read whole. */
export async function rowsFromJson<T>(text: string): Promise<T[]> {
  const lines = text.split('\n');
  if (lines.length === 1) return JSON.parse(text) as T[];
  const rows: T[] = [];
  const last = lines.length - 1;
  for (const [i, line] of lines.entries()) {
    if (i > 0) await letRequestsIn();
    // `[` opens the first slice, `]` closes the last, `,` ends every other.
    const slice = line.slice(i === 0 ? 1 : 0, i === last ? -1 : line.endsWith(',') ? -1 : undefined);
    for (const row of JSON.parse(`[${slice}]`) as T[]) rows.push(row);
  }
  return rows;
}
