import { describe, expect, it } from 'vitest';
import { PLANNING_COUNT_TTL_MS, PlanningCounts } from './planning-counts.js';

describe('PlanningCounts', () => {
  it('reuses a count within its time to live and reads it again after', async () => {
    let t = 0;
    let reads = 0;
    const counts = new PlanningCounts(() => t);
    const read = () => {
      reads += 1;
      return Promise.resolve(reads * 10);
    };
    expect(await counts.get('store\u0000门店', read)).toBe(10);
    t = PLANNING_COUNT_TTL_MS - 1;
    expect(await counts.get('store\u0000门店', read)).toBe(10);
    expect(await counts.get('store\u0000压测', read)).toBe(20);
    t = PLANNING_COUNT_TTL_MS;
    expect(await counts.get('store\u0000门店', read)).toBe(30);
    expect(reads).toBe(3);
  });
});
