import { type AndroidDevice, storeResource } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebResource } from '../components/resource/define-web-resource';
import { ResourceFormDrawer } from '../components/resource/resource-form-drawer';
import { ResourceListPage } from '../components/resource/resource-list-page';
import { ok, renderWithProviders, serve } from '../pages/account/test-kit';
import { useSession } from '../stores/session';
import { agentAndroidWeb } from './android-device';

const web = agentAndroidWeb as unknown as WebResource<never, AndroidDevice>;
const bound: AndroidDevice = {
  id: '12',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 2,
  agentId: '3',
  deviceNo: 'AD0012',
  name: '3 号包间',
  storeId: '41',
  roomType: 3,
  floor: 3,
  ip: '',
  appVersion: '2.4.0',
  voiceCodeId: null,
  voiceCode: null,
  online: 1,
  lastHeartbeatAt: null,
  restarting: 0,
  banned: 0,
  remark: '',
  storeName: '旗舰店',
  agentName: '华东服务商',
};
/** As the shipped-claim registers it: no store yet, room type and floor at their defaults. */
const unbound: AndroidDevice = {
  ...bound,
  id: '13',
  deviceNo: '02:AA:BB:CC:71:02',
  name: '安卓终端 02AABBCC7102',
  storeId: null,
  storeName: null,
  roomType: 1,
  floor: 1,
};
const pagePath = '/aic/androidManage/getPage';
const storePage = storeResource.endpoints.page!.path;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('安卓设备: terminals without a store', { timeout: 30_000 }, () => {
  beforeEach(() =>
    useSession.setState({ permissions: new Set(['agentAndroid.page', 'agentAndroid.get', 'agentAndroid.update']) }),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows 未绑定门店 and no room facts for a store-less terminal, and filters on it', async () => {
    const calls = serve({ [pagePath]: () => ok({ total: 2, list: [bound, unbound], nextCursor: null }) });
    renderWithProviders(
      <MemoryRouter initialEntries={['/agentAndroid?storeBound=0']}>
        <Routes>
          <Route path="/agentAndroid" element={<ResourceListPage web={web as never} />} />
        </Routes>
      </MemoryRouter>,
    );
    const row = await waitFor(() => rowOf('安卓终端 02AABBCC7102'));
    expect(within(row).getByText('未绑定门店')).toBeTruthy();
    expect(within(row).queryByText('包间')).toBeNull();
    expect(within(row).queryByText('1 层')).toBeNull();
    const other = rowOf('3 号包间');
    expect(within(other).getByText('旗舰店')).toBeTruthy();
    expect(within(other).getByText('3 层')).toBeTruthy();
    expect(within(other).queryByText('未绑定门店')).toBeNull();
    // The filter from the address reaches the server as the contract's value.
    await waitFor(() => expect(calls.find((c) => c.path === pagePath)?.body).toMatchObject({ storeBound: 0 }));
  });

  it("binds a store among the terminal's provider's stores", async () => {
    const calls = serve({
      [storePage]: () => ok({ total: 1, list: [{ id: '41', name: '旗舰店' }], nextCursor: null }),
      '/aic/androidManage/updateAndroid': () => ok({ ...bound, version: 3 }),
    });
    renderWithProviders(
      <ResourceFormDrawer web={web} record={unbound} onClose={() => undefined} onSaved={() => undefined} />,
    );
    const select = screen.getByLabelText('所属门店').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('旗舰店'));
    expect(calls.find((c) => c.path === storePage)?.body).toMatchObject({ agentId: '3' });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/aic/androidManage/updateAndroid')?.body).toMatchObject({
        id: '13',
        storeId: '41',
      }),
    );
  });
});
