import { permissionOf, storeApplicationResource, storeEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import StoreApplicationPage from './store-application-page';

const store = (id: number) => ({
  id: String(id),
  storeNo: `S00${id}`,
  name: `申请门店${id}`,
  agentName: '一号服务商',
  contactName: '王五',
  contactPhone: '13800138000',
  appliedAt: '2026-11-20T02:00:00.000Z',
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 4,
});

function serve() {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      posts.push({ path, body });
      const data = path.endsWith('/applicationPage') ? { total: 2, list: [store(1), store(2)] } : null;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  return posts;
}

const codes = [
  storeApplicationResource.endpoints.page!.access,
  storeApplicationResource.endpoints.get?.access,
  storeEndpoints.approve.access,
  storeEndpoints.reject.access,
].flatMap((access) => (access ? [permissionOf(access) ?? ''] : []));

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

describe('开店申请 from the keyboard', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('approves the cursor row with a after its confirmation, and opens the reject reason with r', async () => {
    useSession.setState({ permissions: new Set(codes) });
    const posts = serve();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <MemoryRouter initialEntries={['/storeApplication/storeApplication']}>
            <StoreApplicationPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    await screen.findByText('申请门店2');
    press('j');
    press('j');
    press('a');
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('确定通过门店「申请门店2」（一号服务商）的开店申请吗？');
    expect(posts.some((post) => post.path === '/store/approve')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(posts.find((post) => post.path === '/store/approve')?.body).toEqual({ id: '2', version: 4 }),
    );
    await waitFor(() =>
      expect(screen.queryAllByRole('dialog').filter((d) => !d.className.includes('-leave'))).toHaveLength(0),
    );

    press('r');
    expect(await screen.findByText('驳回开店申请：申请门店2')).toBeTruthy();
    expect(posts.some((post) => post.path === '/store/reject')).toBe(false);
  });
});
