import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest scheduling priority: such a thread gets only CPU time nothing else wants. */
export const LOWEST_NICE = 19;

/**
 * Lowers the calling thread (a worker thread) to the lowest priority, so the kernel runs the
 * event loop's thread, and every other process's, before it. On Linux a nice value belongs to a
 * thread and /proc/thread-self names the caller's id; elsewhere nothing changes (the call would
 * lower the whole process, the event loop with it).
 */
export function lowerThisThread(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), LOWEST_NICE);
  } catch {
    // Not permitted (a locked-down container): the thread keeps its priority.
  }
}
