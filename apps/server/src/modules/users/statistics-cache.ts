import type { UserStatistics } from '@console/contract';
import type { TypedEvents } from '../../plugins/events.js';

// Fresh for this long; then still served (and recounted in the background) up to the stale limit.
// The stale limit is long because nothing this server writes can leave an entry wrong: every write
// drops its list's entries, and the key holds the day. What it bounds is another instance's
// writes (not announced here) after a quiet spell: the first visit then sees figures up to an hour
// old and starts a recount, where a short limit made it wait ~300 ms at 100 000 stores (issue 16).
const FRESH_MS = 10_000;
const STALE_MS = 3_600_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  value: UserStatistics;
  at: number;
  refreshing?: boolean;
}

/**
 * The head statistics of 店主账号 and 门店员工, remembered per list, day and filter. Unfiltered
 * they aggregate every owner or staff row (a million at 100 000 stores: hundreds of milliseconds
 * on SQLite), and every visit to the screen asks for them, so a busy screen counts at most once per
 * ten seconds and never on a request's path while a recount runs. A write to the rows
 * (`resourceChanged`, including this screen's own date changes) drops that list's entries, so the
 * operator who changed a date sees the new figures at once.
 */
export class StatisticsCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every write, so a count that started before one is not kept after it. */
  private writes = 0;

  constructor(events?: TypedEvents) {
    events?.on('resourceChanged', (e) => {
      this.writes += 1;
      for (const key of this.entries.keys()) if (key.startsWith(`${e.resource}|`)) this.entries.delete(key);
    });
  }

  async get(key: string, count: () => Promise<UserStatistics>): Promise<UserStatistics> {
    const hit = this.entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age <= FRESH_MS) return hit.value;
    if (hit && age <= STALE_MS) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        count().then(
          (value) => {
            // Only if nothing (a write) dropped or replaced the entry meanwhile.
            if (this.entries.get(key) === hit) this.entries.set(key, { value, at: Date.now() });
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    }
    const before = this.writes;
    const value = await count();
    if (this.writes !== before) return value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, at: Date.now() });
    return value;
  }
}
