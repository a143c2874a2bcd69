import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { drainOnSignals } from './app-drain.js';

// The whole drain runs in a real process in test/drain.test.ts; here, the signals alone.
describe('drainOnSignals', () => {
  const setup = () => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    const drains: string[] = [];
    let finish: (() => void) | undefined;
    drainOnSignals(
      (signal) => {
        drains.push(signal);
        return new Promise<void>((resolve) => (finish = resolve));
      },
      (code) => exits.push(code),
      signals,
    );
    return { signals, exits, drains, finish: () => finish?.() };
  };

  it('drains once on the first signal and exits 0 when the drain is done', async () => {
    const { signals, exits, drains, finish } = setup();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(drains).toEqual(['SIGTERM']);
    await Promise.resolve();
    expect(exits).toEqual([]);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([0]);
  });

  it('exits 1 at once on a second signal during the drain, without draining again', () => {
    const { signals, exits, drains } = setup();
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT');
    expect(drains).toEqual(['SIGTERM']);
    expect(exits).toEqual([1]);
  });
});
