/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes on one machine. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}
