import { cleanup, render } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import { useProgress } from './progress';

function Busy({ busy }: { busy: boolean }) {
  useProgress(busy);
  return null;
}

afterEach(cleanup);

describe('navigation progress bar', () => {
  it('shows while any source is busy and finishes when the last one is done', () => {
    const first = render(<Busy busy />);
    const second = render(<Busy busy />);
    expect(NProgress.isStarted()).toBe(true);
    first.rerender(<Busy busy={false} />);
    expect(NProgress.isStarted()).toBe(true);
    second.unmount();
    expect(NProgress.isStarted()).toBe(false);
  });
});
