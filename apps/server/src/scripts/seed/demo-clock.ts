const DAY = 86_400_000;

/** Clock helpers of one seeding run: times relative to now, so expiry badges stay meaningful. */
export function demoClock(nowMs = Date.now()) {
  const at = (days: number) => new Date(nowMs + days * DAY).toISOString();
  return {
    now: at(0),
    at,
    /** Calendar date `days` from today (China time). */
    date: (days: number) => new Date(nowMs + 8 * 3600_000 + days * DAY).toISOString().slice(0, 10),
    stamp: (days: number) => ({ createdAt: at(days), updatedAt: at(days) }),
  };
}
export type DemoClock = ReturnType<typeof demoClock>;
