import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_MS, PER_MINUTE, createReporter } from './error-report-queue';

describe('error reporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a burst, sends each distinct error once, and caps a minute', async () => {
    const sent: string[] = [];
    const reporter = createReporter(
      (r) => {
        sent.push(r.message);
        return Promise.resolve();
      },
      () => Date.now(),
    );
    // The same error from the same place twice (a render loop): one report.
    const boom = () => new Error('a');
    reporter.report(boom());
    reporter.report(boom());
    reporter.report('b');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(sent).toEqual(['a', 'b']);
    for (let i = 0; i < PER_MINUTE * 2; i += 1) reporter.report(new Error(`e${i}`));
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(sent).toHaveLength(PER_MINUTE);
  });

  it('drops a failed report without retrying or throwing', async () => {
    const send = vi.fn(() => Promise.reject(new Error('401')));
    const reporter = createReporter(send);
    reporter.report(new Error('x'));
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    await vi.advanceTimersByTimeAsync(FLUSH_MS * 5);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
