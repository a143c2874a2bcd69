/**
 * Sign-in work one at a time, one per turn of the event loop. A burst arrives as many sign-ins
 * read in the same turn; run as they come, their account lookups would all run back to back
 * before the loop reads the next request, and every other request read in that turn, or
 * arriving meanwhile, would wait for all of them. Taking turns, each sign-in runs its lookups in
 * a turn of its own (a check phase), and the requests that arrived meanwhile are read in between.
 */
export class TurnTaker {
  private readonly queue: Array<() => void> = [];
  private scheduled = false;

  /** Resolves in a later turn of the event loop, after the callers that asked before. */
  next(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.queue.push(resolve);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.release);
      }
    });
  }

  /** Callers still waiting for their turn (tests, diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  private readonly release = (): void => {
    this.queue.shift()?.();
    if (this.queue.length > 0) setImmediate(this.release);
    else this.scheduled = false;
  };
}

export const signInTurns = new TurnTaker();
