import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProgress } from './progress';

function Busy({ busy }: { busy: boolean }) {
  useProgress(busy);
  return null;
}

const bar = () => screen.queryByRole('progressbar', { name: '页面加载中' });

afterEach(cleanup);

describe('navigation progress bar', () => {
  it('shows while any source is busy and finishes when the last one is done', () => {
    expect(bar()).toBeNull();
    const first = render(<Busy busy />);
    const second = render(<Busy busy />);
    expect(bar()).toBeTruthy();
    first.rerender(<Busy busy={false} />);
    expect(bar()).toBeTruthy();
    second.unmount();
    expect(bar()).toBeNull();
    expect(document.querySelector('.top-progress[data-done]')?.getAttribute('style')).toContain('width: 100%');
  });

  it('starts a fresh bar from the start for the next wait', () => {
    const wait = render(<Busy busy />);
    expect(bar()?.style.width).toBe('15%');
    wait.unmount();
    render(<Busy busy />);
    expect(bar()?.style.width).toBe('15%');
    expect(document.querySelectorAll('.top-progress')).toHaveLength(1);
  });

  it('creeps on while the wait lasts without ever filling on its own', () => {
    vi.useFakeTimers();
    try {
      const wait = render(<Busy busy />);
      vi.advanceTimersByTime(800);
      const early = parseFloat(bar()?.style.width ?? '0');
      vi.advanceTimersByTime(60_000);
      const late = parseFloat(bar()?.style.width ?? '0');
      expect(early).toBeGreaterThan(15);
      expect(late).toBeGreaterThan(early);
      expect(late).toBeLessThan(96);
      wait.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
