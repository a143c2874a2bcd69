import { availableParallelism } from 'node:os';
import { AppError } from '../lib/app-error.js';

/**
 * A place in the gate held for a caller that will hash shortly (a sign-in looking up its
 * account first). Handed to `run`, it becomes that hash's turn; released unused, it frees the
 * place. Either way it counts once.
 */
export class GatePass {
  private held = true;
  constructor(private readonly onRelease: () => void) {}

  /** Frees the place if it is still held; a pass already used by `run` is left alone. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.onRelease();
  }

  /** For `run`: true once, when the pass turns into a hash's turn. */
  take(): boolean {
    if (!this.held) return false;
    this.held = false;
    return true;
  }
}

/**
 * A bound on password hashing running at once, with a short queue. argon2id costs tens of
 * milliseconds of a whole core per hash (on purpose); a burst of sign-ins beyond what the CPU
 * can hash would otherwise queue without end, every answer later than the last. So at most
 * `concurrency` hashes run (one per core: they run at low priority, ./hash-workers.ts, so they
 * only use CPU time the event loop leaves), `queueLimit` more wait their turn, and past that a
 * sign-in is refused at once with 429001 (操作过于频繁，请稍后再试).
 *
 * A sign-in takes its place with `admit` before its account lookups, so a burst arriving at once
 * is refused before any database work rather than after it: only as many sign-ins as can hash
 * soon reach the database.
 */
export class HashGate {
  private running = 0;
  private passes = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  /** Holds a place for a hash to come, or refuses with 429001 when there is none. */
  admit(): GatePass {
    if (this.full) throw new AppError('rateLimited');
    this.passes += 1;
    return new GatePass(() => (this.passes -= 1));
  }

  async run<T>(task: () => Promise<T>, pass?: GatePass): Promise<T> {
    // A held pass already counts toward the bound: it takes its turn whatever the load.
    const admitted = pass?.take() === true;
    if (admitted) this.passes -= 1;
    else if (this.full) throw new AppError('rateLimited');
    if (this.running < this.concurrency) this.running += 1;
    // The finishing task hands its slot straight to the next waiter, so `running` stays put.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** True when a new hash would be refused: callers can refuse before doing any other work. */
  get full(): boolean {
    return this.running + this.waiting.length + this.passes >= this.concurrency + this.queueLimit;
  }

  /** Hashes running and waiting, and places held by passes, now (for tests and diagnostics). */
  get load(): { running: number; waiting: number; passes: number } {
    return { running: this.running, waiting: this.waiting.length, passes: this.passes };
  }
}

const cores = availableParallelism();
/** A hash per core, eight waiting per running hash (well under a second's wait at full speed). */
export const passwordGate = new HashGate(cores, 8 * cores);
