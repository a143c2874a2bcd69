import { availableParallelism } from 'node:os';
import { AppError } from '../../lib/app-error.js';

/**
 * A bound on password hashing running at once, with a short queue. argon2id costs tens of
 * milliseconds of a whole core per hash (on purpose) and 19 MiB; a burst of sign-ins beyond
 * what the CPU can hash would otherwise queue without end, every answer later than the last.
 * So at most `concurrency` hashes run (one per core: they run at low priority, ./hash-workers.ts,
 * so they only use CPU time the event loop leaves), `queueLimit` more wait their turn, and past
 * that a sign-in is refused at once with 429001 (操作过于频繁，请稍后再试).
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else if (this.waiting.length >= this.queueLimit) throw new AppError('rateLimited');
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
    return this.running >= this.concurrency && this.waiting.length >= this.queueLimit;
  }

  /** Hashes running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

const cores = availableParallelism();
/** A hash per core, eight waiting per running hash (well under a second's wait at full speed). */
export const passwordGate = new HashGate(cores, 8 * cores);
