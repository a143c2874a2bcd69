import {
  type AndroidDevice,
  agentAndroidResource,
  androidDeviceResource,
  androidEndpoints,
  deviceCredentialEndpoints,
  permissionOf,
} from '@console/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session';
import { ok, renderWithProviders, serve } from '../../account/test-kit';
import AgentAndroidMgtPage from '../../agent-android/agent-android-mgt-page';
import AndroidPage from '../android-page';

const terminal = (id: string, deviceNo: string, name: string, banned: AndroidDevice['banned']): AndroidDevice => ({
  id,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-01T02:00:00.000Z',
  version: 1,
  agentId: '3',
  deviceNo,
  name,
  storeId: '41',
  roomType: 3,
  floor: 3,
  ip: '',
  appVersion: '2.4.0',
  voiceCodeId: null,
  voiceCode: 'VC0001',
  online: 1,
  lastHeartbeatAt: null,
  restarting: 0,
  banned,
  remark: '',
  storeName: '旗舰店',
  agentName: '华东服务商',
});

const screens = [
  {
    title: '平台 /userMgt/android',
    Page: AndroidPage,
    list: androidDeviceResource.endpoints.page!.path,
    view: 'android.page',
    info: androidEndpoints.serviceInfo,
    reset: deviceCredentialEndpoints.android,
  },
  {
    title: '服务商 /agentAndroid/agentAndroidMgt',
    Page: AgentAndroidMgtPage,
    list: agentAndroidResource.endpoints.page!.path,
    view: 'agentAndroid.page',
    info: androidEndpoints.agentServiceInfo,
    reset: deviceCredentialEndpoints.agentAndroid,
  },
];

function open(Page: ComponentType, list: string, reset: string, permissions: string[]) {
  useSession.setState({ permissions: new Set(permissions) });
  const calls = serve({
    [list]: () =>
      ok({
        total: 2,
        list: [terminal('12', 'AD0012', '3 号包间', 0), terminal('13', 'AD0013', '停用包间', 1)],
        nextCursor: null,
      }),
    [reset]: () =>
      ok({
        username: 'AD0012',
        password: 'k3y-for-AD0012',
        url: 'mqtt://broker.example.cn:1883',
        clientId: 'android-AD0012',
        issuedAt: '2026-12-01T08:30:05.000Z',
      }),
  });
  renderWithProviders(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  return calls;
}
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe.each(screens)('安卓设备 设备密钥 ($title)', { timeout: 60_000 }, ({ Page, list, view, info, reset }) => {
  const credential = permissionOf(reset.access)!;
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it(`is not offered without ${credential}`, async () => {
    // 运行信息 is granted, so the row does have actions: only the key's is missing.
    open(Page, list, reset.path, [view, permissionOf(info.access)!]);
    const row = await rowOf('3 号包间');
    expect(within(row).getByRole('button', { name: '运行信息' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '设备密钥' })).toBeNull();
  });

  it('resets the terminal by its id after the confirmation and shows the key, not for a disabled one', async () => {
    const calls = open(Page, list, reset.path, [view, credential]);
    expect(within(await rowOf('停用包间')).queryByRole('button', { name: '设备密钥' })).toBeNull();
    fireEvent.click(within(await rowOf('3 号包间')).getByRole('button', { name: '设备密钥' }));
    expect(await screen.findByText(/确定重置安卓设备「3 号包间（AD0012）」的设备密钥吗？/)).toBeTruthy();
    expect(calls.some((call) => call.path === reset.path)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('k3y-for-AD0012')).toBeTruthy();
    const sent = calls.filter((call) => call.path === reset.path);
    expect(sent.map((call) => Object.fromEntries(call.query))).toEqual([{ id: '12' }]);
    expect(screen.getByLabelText('MQTT 配置').textContent).toContain('console/v1/android/AD0012/notice');
  });
});
