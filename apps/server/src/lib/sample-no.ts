let issued = 0;

/**
 * A number for a sample or seed row that no earlier call of this process gave: the time alone
 * repeats when two rows are made in the same millisecond (the route sweep builds two bodies at
 * once and then saw its own number as taken), so a running count follows it.
 */
export function uniqueSampleNo(prefix: string): string {
  issued = (issued + 1) % 1_000_000;
  return `${prefix}${Date.now()}${String(issued).padStart(6, '0')}`;
}
