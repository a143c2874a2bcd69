import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HashWorkers } from './hash-workers.js';

/** The nice value of each thread of a process by thread id (Linux /proc). */
function niceByThread(pid: number | 'self'): Map<string, number> {
  return new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command name; nice is field 19 of the whole line.
      return [tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    }),
  );
}
const threadNices = (pid: number | 'self') => [...niceByThread(pid).values()];

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
    'runs tasks side by side in another process whose every thread has the lowest priority',
    async () => {
      const mine = niceByThread('self');
      const workers = new HashWorkers();
      const stored = await workers.hash('p');
      const results = await Promise.all([1, 2, 3].map(() => workers.verify(stored, 'p')));
      expect(results).toEqual([true, true, true]);
      const pid = workers.pid;
      expect(pid).toBeTypeOf('number');
      expect(pid).not.toBe(process.pid);
      const theirs = threadNices(pid ?? 0);
      // Main thread, V8's helpers and libuv's pool (where the hashes ran).
      expect(theirs.length).toBeGreaterThanOrEqual(4);
      expect(new Set(theirs)).toEqual(new Set([19]));
      // This process, the event loop's, keeps its threads' priorities (a sheet-parsing thread of
      // an earlier test file may be at 19 by its own doing: src/imports/sheet-worker.ts).
      const now = niceByThread('self');
      for (const [tid, nice] of mine) if (now.has(tid)) expect(now.get(tid)).toBe(nice);
      expect(now.get(String(process.pid))).not.toBe(19);
    },
  );

  it('fails the tasks of a hashing process that dies, and starts a new one for the next task', async () => {
    const workers = new HashWorkers();
    const stored = await workers.hash('p');
    const first = workers.pid ?? 0;
    const inFlight = workers.verify(stored, 'p');
    process.kill(first, 'SIGKILL');
    await expect(inFlight).rejects.toThrow('密码哈希进程已退出');
    expect(await workers.verify(stored, 'p')).toBe(true);
    expect(workers.pid).not.toBe(first);
  });
});
