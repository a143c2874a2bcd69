/**
 * A periodic task that only wakes when there is something to do: `arm()` (called when work becomes
 * pending) schedules one run at the next tick of a fixed `everyMs` grid counted from creation, so
 * work waits exactly as long as under `setInterval(run, everyMs)`, but an idle process is not
 * woken every `everyMs` to find nothing (issue 27: each idle API process of a cluster paid for
 * four empty presence flushes a second). Arming again before the run is a no-op; work that becomes
 * pending during or after a run arms the next tick.
 */
export class TickWhenPending {
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly origin = performance.now();

  constructor(
    private readonly everyMs: number,
    private readonly run: () => void,
  ) {}

  get armed(): boolean {
    return this.timer !== null;
  }

  arm(): void {
    if (this.timer || this.closed) return;
    const intoTick = (performance.now() - this.origin) % this.everyMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, this.everyMs - intoTick);
    // Like the intervals it replaces: pending work alone does not keep the process running.
    this.timer.unref();
  }

  /** No more runs; what is pending is the owner's to finish (a last flush). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
