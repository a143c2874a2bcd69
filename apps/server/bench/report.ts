/**
 * What every benchmark suite returns: one row per figure of issue 7, printed beside its budget.
 * A figure is either a ratio against a peer measured in the same run, or an absolute median of
 * several runs; `ok` is decided by the suite because "at most" and "at least" budgets differ.
 */
export interface BenchRow {
  /** Which budget line, e.g. "GET /api/saasAdmin/get vs Fastify hello-world". */
  figure: string;
  /** The measured value with its unit, e.g. "0.52×", "11.8 ms", "183 MB". */
  value: string;
  /** The budget as written, e.g. "≥ 0.45×", "≤ 15 ms". */
  budget: string;
  ok: boolean;
  /** The raw numbers behind the value (peer figures, run count), for docs/performance.md. */
  detail?: string;
}

export interface BenchSuite {
  /** Short name used on the command line: `npm run bench -- api`. */
  name: string;
  title: string;
  run: () => Promise<BenchRow[]>;
}

/** Prints one suite's rows as an aligned table. */
export function printRows(title: string, rows: readonly BenchRow[]): void {
  const head = ['', 'figure', 'value', 'budget', 'detail'];
  const body = rows.map((r) => [r.ok ? 'ok' : 'OVER', r.figure, r.value, r.budget, r.detail ?? '']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => width(cells[i]!))));
  const line = (cells: string[]) => cells.map((c, i) => c + ' '.repeat(widths[i]! - width(c))).join('  ');
  console.log(`\n## ${title}\n`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
}

// CJK characters take two columns in a terminal.
function width(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return n;
}

/** Median of a list of numbers (the figure reported for "an absolute taken from several runs"). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0–100) of a list of numbers, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}
