import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFrameMarkup } from '../../../build/login-frame';
import { LoginPage } from './login-page';

function renderPage() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const heroOf = (root: ParentNode) => root.querySelector('.login-hero')?.outerHTML;

afterEach(cleanup);
beforeEach(() => vi.unstubAllGlobals());

describe('sign-in hero', () => {
  it("renders, before system configuration answers, exactly index.html's static copy", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { container } = renderPage();
    const frame = document.createElement('div');
    frame.innerHTML = loginFrameMarkup();
    expect(heroOf(frame)).toBeTruthy();
    expect(heroOf(container)).toBe(heroOf(frame));
    expect(container.querySelector('.login-brand')?.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the platform name once system configuration answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: { platformName: '门店云' } }))),
      ),
    );
    const { container } = renderPage();
    expect(await screen.findByText('门店云', { selector: '.login-brand-name' })).toBeTruthy();
    expect(container.querySelector('.login-brand')?.getAttribute('aria-busy')).toBe('false');
    expect(container.querySelector('.login-logo')?.textContent).toBe('门');
  });

  it('falls back to the default name when system configuration fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    renderPage();
    expect(await screen.findByText('运营后台', { selector: '.login-brand-name' })).toBeTruthy();
  });
});
