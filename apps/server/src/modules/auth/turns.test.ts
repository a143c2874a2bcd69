import { describe, expect, it } from 'vitest';
import { TurnTaker } from './turns.js';

describe('TurnTaker', () => {
  it('lets one caller through per turn of the event loop, in the order they asked', async () => {
    const turns = new TurnTaker();
    const seen: string[] = [];
    // Another piece of work that runs once per turn, as a request read between turns would.
    let ticks = 0;
    const tick = () => {
      seen.push('tick');
      ticks += 1;
      if (ticks < 4) setImmediate(tick);
    };
    const done = ['a', 'b', 'c'].map((name) => turns.next().then(() => seen.push(name)));
    setImmediate(tick);
    expect(turns.waiting).toBe(3);
    await Promise.all(done);
    expect(seen.slice(0, 5)).toEqual(['a', 'tick', 'b', 'tick', 'c']);
    expect(turns.waiting).toBe(0);
  });

  it('starts again after running dry', async () => {
    const turns = new TurnTaker();
    await turns.next();
    const order: number[] = [];
    await Promise.all([turns.next().then(() => order.push(1)), turns.next().then(() => order.push(2))]);
    expect(order).toEqual([1, 2]);
  });
});
