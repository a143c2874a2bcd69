import { uploadEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileCell } from './file-cell';
import { fileHref } from './file-url';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api/request', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  api: call,
}));

const key = `${'a1'.repeat(16)}.png`;
const withQueries = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const imageOf = (container: HTMLElement) =>
  waitFor(() => container.querySelector('img.file-cell') ?? Promise.reject(new Error('no image')));

describe('stored files in cells and previews', () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('shows a private purpose’s file through the signed link the server answers, from this origin', async () => {
    call.mockResolvedValue({
      url: `https://console.example.com/files/${key}?exp=1700000000&sig=abc`,
      expiresAt: '2026-12-02T00:10:00.000Z',
    });
    const { container } = withQueries(<FileCell value={key} image purpose="merchantDocument" />);
    const image = await imageOf(container);
    expect(image.getAttribute('src')).toBe(`/files/${key}?exp=1700000000&sig=abc`);
    expect(call).toHaveBeenCalledWith(uploadEndpoints.link, expect.objectContaining({ query: { key } }));
  });

  it('says a private file cannot be shown when the server refuses the link', async () => {
    call.mockRejectedValue(new Error('记录不存在或已被删除'));
    withQueries(<FileCell value={`https://console.example.com/files/${key}`} purpose="contractAttachment" />);
    expect(await screen.findByText('无法查看')).toBeTruthy();
  });

  it('fetches a public purpose’s file by its plain path, asking nothing', async () => {
    const { container } = withQueries(<FileCell value={`http://localhost:8080/files/${key}`} image purpose="avatar" />);
    expect((await imageOf(container)).getAttribute('src')).toBe(`/files/${key}`);
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps a URL that names no stored file as it is', () => {
    expect(fileHref('https://example.com/contract.pdf')).toBe('https://example.com/contract.pdf');
    expect(fileHref(`https://example.com/files/${key}`)).toBe(`/files/${key}`);
    expect(fileHref(key)).toBe(`/files/${key}`);
  });
});
