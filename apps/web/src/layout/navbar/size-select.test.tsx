import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import { SizeSelect } from './size-select';

// A hint on its way out (leave animation, which jsdom never finishes) counts as gone.
const visibleTooltip = () =>
  [...document.querySelectorAll('.ant-tooltip')].find(
    (tip) => !tip.classList.contains('ant-tooltip-hidden') && !tip.className.includes('-leave'),
  );

describe('布局大小', () => {
  afterEach(cleanup);

  it('hides its hint while the size menu is open, so the hint does not cover 大号', async () => {
    render(
      <ThemeProvider>
        <SizeSelect />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: '布局大小' });
    fireEvent.mouseEnter(button);
    await waitFor(() => expect(visibleTooltip()?.textContent).toBe('布局大小'), { timeout: 2000 });
    fireEvent.click(button);
    expect(await screen.findByText('大号')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(visibleTooltip()).toBeUndefined();
  });
});
