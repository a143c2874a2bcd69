/**
 * How long a planning count (rows holding a gram, a table's highest id) is reused. These counts
 * only choose a plan — seek the gram's rows or walk the sort's index — and every plan returns the
 * same rows, so a count a few seconds old costs at most a slower read, never a wrong one.
 */
export const PLANNING_COUNT_TTL_MS = 10_000;

/** Counts kept per list; the oldest goes first when full (a digit window has 10 000 values). */
const MAX_COUNTS = 20_000;

/**
 * The counts one list's planner asked for lately, by key. Ctrl+K plans up to thirteen lists per
 * keystroke and each asked the database twice before its page (a capped gram count and the
 * table's highest id): at 100 000 stores those 26 small queries were a third of the search's CPU,
 * mostly query building rather than SQLite. Successive keystrokes share most of their grams.
 */
export class PlanningCounts {
  private readonly counts = new Map<string, { n: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, read: () => Promise<number>): Promise<number> {
    const hit = this.counts.get(key);
    const t = this.now();
    if (hit && t - hit.at < PLANNING_COUNT_TTL_MS) return hit.n;
    const n = await read();
    this.counts.delete(key);
    if (this.counts.size >= MAX_COUNTS) this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(key, { n, at: t });
    return n;
  }
}
