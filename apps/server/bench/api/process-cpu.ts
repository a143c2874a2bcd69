import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time a process has used so far, in milliseconds, summed over its threads
 * (/proc/<pid>/task/<tid>/schedstat, nanoseconds on the CPU): what a request cost the server,
 * which other processes' load on the machine delays but does not inflate as it does wall-clock
 * time. Null where /proc is not there (the figure then says so).
 */
export function processCpuMs(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    }
    return ns / 1e6;
  } catch {
    return null;
  }
}
