import type { DeviceCredential } from '@console/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RowActions } from '../resource/row-actions';
import type { ListRow } from '../resource/use-list-actions';
import { type CredentialActionSpec, useCredentialAction } from './use-credential-action';

const row: ListRow = { id: '7', deviceName: 'GW0007' };
const issued = (password: string): DeviceCredential => ({
  username: 'GW0007',
  password,
  url: 'mqtts://broker.example.cn:8883',
  clientId: 'gateway-GW0007',
  issuedAt: '2026-12-01T08:30:05.000Z',
});

function Screen({ spec, onDone }: { spec: CredentialActionSpec<ListRow>; onDone: () => void }) {
  const { action, element } = useCredentialAction(spec);
  return (
    <>
      <RowActions
        row={row}
        actions={[action]}
        canView={false}
        canEdit={false}
        onView={() => undefined}
        onEdit={() => undefined}
        onDone={onDone}
      />
      {element}
    </>
  );
}

function renderAction(reset: CredentialActionSpec<ListRow>['reset']) {
  const spec: CredentialActionSpec<ListRow> = {
    kind: 'gateway',
    permission: 'gatewayDevice.credential',
    name: () => '网关「GW0007」',
    reset,
  };
  const onDone = vi.fn();
  render(
    <App>
      <Screen spec={spec} onDone={onDone} />
    </App>,
  );
  return onDone;
}

const consequence = /重置后设备原密钥立即失效，设备需使用新密钥重新连接；新密钥只显示这一次。/;
const keyButton = () => screen.getByRole('button', { name: '设备密钥' });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
// antd's test ids make every dialog's aria-labelledby the same, so the dialog is found by its title.
const dialog = () => screen.getByText('设备密钥：网关「GW0007」').closest<HTMLElement>('[role="dialog"]')!;

describe('设备密钥 (the row action every device screen shares)', { timeout: 30_000 }, () => {
  const writeText = vi.fn((_text: string) => Promise.resolve());
  beforeEach(() => {
    writeText.mockClear();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what a reset does before resetting anything', async () => {
    const reset = vi.fn(() => Promise.resolve(issued('s3cret-A')));
    renderAction(reset);
    fireEvent.click(keyButton());
    expect(await screen.findByText(consequence)).toBeTruthy();
    expect(screen.getByText(/确定重置网关「GW0007」的设备密钥吗？/)).toBeTruthy();
    expect(reset).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reset).not.toHaveBeenCalled();
    expect(screen.queryByText('设备密钥：网关「GW0007」')).toBeNull();
  });

  it('shows the new key once with every fact and the MQTT config, each copyable', async () => {
    renderAction(() => Promise.resolve(issued('s3cret-A')));
    fireEvent.click(keyButton());
    confirm();
    const shown = await waitFor(dialog);
    expect(within(shown).getByText('关闭后无法再次查看。', { exact: false })).toBeTruthy();
    const password = within(shown).getByLabelText('设备密码');
    expect(password.textContent).toBe('s3cret-A');
    // Monospace: antd's code text.
    expect(password.querySelector('code')).toBeTruthy();
    for (const fact of ['GW0007', 'mqtts://broker.example.cn:8883', 'gateway-GW0007']) {
      expect(within(shown).getAllByText(fact).length).toBeGreaterThan(0);
    }
    expect(within(shown).getByText(dayjs('2026-12-01T08:30:05.000Z').format('YYYY-MM-DD HH:mm:ss'))).toBeTruthy();

    const config = JSON.parse(within(shown).getByLabelText('MQTT 配置').textContent ?? '') as Record<string, unknown>;
    expect(config).toEqual({
      url: 'mqtts://broker.example.cn:8883',
      username: 'GW0007',
      password: 's3cret-A',
      clientId: 'gateway-GW0007',
      publish: [
        'console/v1/gateway/GW0007/status',
        'console/v1/gateway/GW0007/heartbeat',
        'console/v1/gateway/GW0007/reply',
      ],
      subscribe: ['console/v1/gateway/GW0007/cmd', 'console/v1/gateway/GW0007/notice'],
    });

    fireEvent.click(within(shown).getByRole('button', { name: '复制密码' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('s3cret-A'));
    fireEvent.click(within(shown).getByRole('button', { name: '复制全部' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(JSON.parse(writeText.mock.calls[1]![0])).toEqual(config);
  });

  it('forgets the key once closed: the next click asks again and issues a new one', async () => {
    const reset = vi
      .fn<() => Promise<DeviceCredential>>()
      .mockResolvedValueOnce(issued('s3cret-A'))
      .mockResolvedValueOnce(issued('s3cret-B'));
    const onDone = renderAction(reset);
    fireEvent.click(keyButton());
    confirm();
    expect(await screen.findByText('s3cret-A')).toBeTruthy();
    // Escape does not close it (nor does the mask): the key would be lost by accident.
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(screen.getByText('s3cret-A')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText(/s3cret-A/)).toBeNull());
    expect(document.body.innerHTML).not.toContain('s3cret-A');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));

    fireEvent.click(keyButton());
    expect(await screen.findByText(consequence)).toBeTruthy();
    expect(reset).toHaveBeenCalledTimes(1);
    confirm();
    expect(await screen.findByText('s3cret-B')).toBeTruthy();
    expect(reset).toHaveBeenCalledTimes(2);
  });

  it('shows no dialog when the server refuses (the request client has said why)', async () => {
    const onDone = renderAction(() => Promise.reject(new Error('设备不存在')));
    fireEvent.click(keyButton());
    confirm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
