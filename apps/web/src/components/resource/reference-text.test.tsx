import { baseFields, defineResource, id } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
import { type WebResource, defineWebResource } from './define-web-resource';
import { referenceTo } from './reference-select';
import { ResourceDetailDrawer } from './resource-detail-drawer';

const shopResource = defineResource({
  name: 'shop',
  prefix: '/shop',
  title: '商店',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string(), shopNo: z.string() }),
  writable: ['name'],
  filters: {},
  sortable: [],
});
const visitResource = defineResource({
  name: 'visit',
  prefix: '/visit',
  title: '到访',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, shopId: id }),
  writable: ['shopId'],
  filters: {},
  sortable: [],
});
const visitWeb = defineWebResource(visitResource, {
  fields: {
    shopId: {
      label: '商店编号',
      reference: { ...referenceTo(shopResource, { label: 'name', search: 'name' }), display: 'shopNo' },
    },
  },
  columns: ['shopId'],
  detail: ['shopId'],
  rowTitle: (row) => row.id,
});

describe('a reference in the detail drawer', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the referenced record's number, not its internal id", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({ errCode: 0, errMsg: '成功', data: { id: '42', name: '西湖店', shopNo: 'SD0042' } }),
          ),
        ),
      ),
    );
    const row = { id: '1', shopId: '42', createdAt: '', updatedAt: '', version: 1 };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider>
          <ResourceDetailDrawer
            web={visitWeb as unknown as WebResource<never, typeof row>}
            record={row}
            onClose={() => undefined}
          />
        </ThemeProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('SD0042')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/shop/get?id=42');
  });
});
