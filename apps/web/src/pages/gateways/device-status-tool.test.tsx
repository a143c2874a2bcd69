import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceStatusTool } from './device-status-tool';

describe('按设备号查询实时状态 (the gateway lists’ lookup tool)', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is one toolbar button; its dialog reads the typed serial’s status', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const data = {
          deviceName: 'ZKB26010001',
          communicationStatus: 1,
          restarting: 0,
          firmwareVersion: 'V2.3.0',
          lastSeenAt: null,
        };
        return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
      }),
    );
    render(
      <App>
        <DeviceStatusTool />
      </App>,
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '按设备号查询实时状态' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('searchbox', { name: '设备号' });
    fireEvent.change(box, { target: { value: ' ZKB26010001 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const result = await within(dialog).findByTestId('device-status-result');
    expect(result.textContent).toContain('在线');
    expect(result.textContent).toContain('固件 V2.3.0');
    await waitFor(() => expect(urls.some((url) => url.includes('/device/getDeviceStatus/ZKB26010001'))).toBe(true));
  });
});
