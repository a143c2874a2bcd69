import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HashWorkers } from './hash-workers.js';

/** The nice value of each thread of this process (Linux /proc). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name; nice is field 19 of the whole line.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('HashWorkers', () => {
  it('hashes with argon2id and verifies right and wrong passwords', async () => {
    const workers = new HashWorkers();
    const stored = await workers.hash('Demo@2026');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await workers.verify(stored, 'Demo@2026')).toBe(true);
    expect(await workers.verify(stored, 'demo@2026')).toBe(false);
  });

  it('fails the task on a malformed stored hash, and keeps working', async () => {
    const workers = new HashWorkers();
    await expect(workers.verify('not-a-hash', 'x')).rejects.toThrow();
    expect(await workers.verify(await workers.hash('a'), 'a')).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'runs tasks side by side on separate threads at the lowest priority, the event loop untouched',
    async () => {
      const before = threadNices().filter((n) => n === 19).length;
      const workers = new HashWorkers();
      const stored = await workers.hash('p');
      const results = await Promise.all([1, 2, 3].map(() => workers.verify(stored, 'p')));
      expect(results).toEqual([true, true, true]);
      expect(threadNices().filter((n) => n === 19).length).toBeGreaterThanOrEqual(before + 3);
      expect(threadNices()[0]).toBe(0);
    },
  );
});
