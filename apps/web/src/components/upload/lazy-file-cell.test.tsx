import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileCell } from './lazy-file-cell';

describe('lazy file cell', () => {
  afterEach(cleanup);

  it('holds an image cell’s size while antd Image loads, then shows the preview', async () => {
    const { container } = render(<FileCell value="a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.png" image />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    // alt="": a presentational image, so found by its class, not its role.
    const image = await waitFor(
      () => container.querySelector('img.file-cell') ?? Promise.reject(new Error('no image')),
      {
        timeout: 10_000,
      },
    );
    expect(image.getAttribute('src')).toBe('/files/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.png');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('shows a stored file as a download link once loaded', async () => {
    render(<FileCell value="https://example.com/contract.pdf" />);
    const link = await screen.findByRole('link', { name: /下载/ }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('https://example.com/contract.pdf');
  });
});
