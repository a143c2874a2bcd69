import {
  type GatewayDevice,
  agentGatewayResource,
  deviceCredentialEndpoints,
  errors,
  gatewayDeviceResource,
  gatewayEndpoints,
  permissionOf,
} from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { ok, renderWithProviders, serve } from '../account/test-kit';
import AgentZkbMgtPage from '../agent-zkb/agent-zkb-mgt-page';
import FactorySettingPage from '../user-mgt/factory-setting-page';

const gateway = (id: string, deviceName: string, banned: boolean): GatewayDevice => ({
  id,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-01T02:00:00.000Z',
  version: 1,
  deviceName,
  agentId: '3',
  storeId: '41',
  ip: '10.0.0.7',
  firmwareVersion: '1.2.0',
  communicationStatus: 1,
  lastSeenAt: '2026-12-01T08:00:00.000Z',
  boundAt: '2026-11-02T02:00:00.000Z',
  deviceCode: '',
  restarting: 0,
  restartOk: null,
  restartMessage: '',
  remark: '',
  storeName: '旗舰店',
  agentName: '华东服务商',
  banned,
});

const screens: { title: string; Page: ComponentType; list: string; view: string }[] = [
  {
    title: '平台 /userMgt/factorySetting',
    Page: FactorySettingPage,
    list: gatewayDeviceResource.endpoints.page!.path,
    view: 'gatewayDevice.page',
  },
  {
    title: '服务商 /agentZKB/agentZKBMgt',
    Page: AgentZkbMgtPage,
    list: agentGatewayResource.endpoints.page!.path,
    view: 'agentGateway.page',
  },
];
const reset = deviceCredentialEndpoints.gateway.path;

const issued = ok({
  username: 'GW0001',
  password: 'k3y-for-GW0001',
  url: 'mqtt://broker.example.cn:1883',
  clientId: 'gateway-GW0001',
  issuedAt: '2026-12-01T08:30:05.000Z',
});
const refused = { errCode: errors.recordNotFound.code, errMsg: errors.recordNotFound.message, data: null };

function open(Page: ComponentType, list: string, permissions: string[], answer = issued) {
  useSession.setState({ permissions: new Set(permissions) });
  const calls = serve({
    [list]: () =>
      ok({ total: 2, list: [gateway('1', 'GW0001', false), gateway('2', 'GW0002', true)], nextCursor: null }),
    [reset]: () => answer,
  });
  renderWithProviders(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  return calls;
}
const rowOf = async (serial: string) => (await screen.findByText(serial)).closest('tr')!;

describe.each(screens)('网关设备 设备密钥 ($title)', { timeout: 60_000 }, ({ Page, list, view }) => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('is not offered without gatewayDevice.credential', async () => {
    // A live query is granted, so the row does have actions: only the key's is missing.
    open(Page, list, [view, permissionOf(gatewayEndpoints.queryStatus.access)!]);
    const row = await rowOf('GW0001');
    expect(within(row).getByRole('button', { name: '通讯状态' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '设备密钥' })).toBeNull();
  });

  it('resets the gateway by its serial after the confirmation and shows the key, not for a banned one', async () => {
    const calls = open(Page, list, [view, 'gatewayDevice.credential']);
    expect(within(await rowOf('GW0002')).queryByRole('button', { name: '设备密钥' })).toBeNull();
    fireEvent.click(within(await rowOf('GW0001')).getByRole('button', { name: '设备密钥' }));
    expect(await screen.findByText(/原密钥立即失效/)).toBeTruthy();
    expect(calls.some((call) => call.path === reset)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('k3y-for-GW0001')).toBeTruthy();
    const sent = calls.filter((call) => call.path === reset);
    expect(sent.map((call) => Object.fromEntries(call.query))).toEqual([{ deviceName: 'GW0001' }]);
    await waitFor(() =>
      expect(screen.getByLabelText('MQTT 配置').textContent).toContain('console/v1/gateway/GW0001/cmd'),
    );
  });

  it("says the server's refusal through the usual toast and opens no key dialog", async () => {
    const calls = open(Page, list, [view, 'gatewayDevice.credential'], refused);
    fireEvent.click(within(await rowOf('GW0001')).getByRole('button', { name: '设备密钥' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(errors.recordNotFound.message)).toBeTruthy();
    expect(calls.filter((call) => call.path === reset)).toHaveLength(1);
    expect(screen.queryByText('设备密钥：网关「GW0001」')).toBeNull();
  });
});
