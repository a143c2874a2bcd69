import { availableParallelism } from 'node:os';
import { AppError } from '../../lib/app-error.js';

/**
 * A bound on password hashing running at once, with a short queue. argon2id costs tens of
 * milliseconds of a whole core per hash; a burst of sign-ins hashing on every libuv thread would
 * starve the event loop and every other request with it. So at most `concurrency` hashes run
 * (leaving a core to the event loop), `queueLimit` more wait their turn, and past that a sign-in
 * is refused at once with 429001 (操作过于频繁，请稍后再试) instead of waiting seconds.
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

  /** Hashes running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

const cores = availableParallelism();
/** One core for the event loop, the rest for hashing; eight waiting per running hash. */
export const passwordGate = new HashGate(Math.max(1, cores - 1), 8 * Math.max(1, cores - 1));
