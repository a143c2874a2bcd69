import type { AndroidDevice } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebResource } from '../components/resource/define-web-resource';
import { ResourceFormDrawer } from '../components/resource/resource-form-drawer';
import { ok, renderWithProviders, serve } from '../pages/account/test-kit';
import { androidWeb } from './android-device';

const web = androidWeb as unknown as WebResource<never, AndroidDevice>;
const terminal: AndroidDevice = {
  id: '12',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 2,
  agentId: '3',
  deviceNo: 'AD0012',
  name: '3 号包间',
  storeId: '41',
  roomType: 1,
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
const floorsPath = '/saasicAndroidController/getRoomFloorList';
const combobox = (label: string) => screen.getByLabelText(label).closest('.ant-select') as HTMLElement;
const open = (root: HTMLElement) => fireEvent.mouseDown(within(root).getByRole('combobox'));

describe(
  '安卓设备 form: the floor is picked among the store’s floors of the chosen room type',
  { timeout: 30_000 },
  () => {
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
    });

    it('asks getRoomFloorList for the store and room type, again when the type changes, and saves the choice', async () => {
      const calls = serve({
        [floorsPath]: (call) => ok(call.query.get('roomType') === '3' ? [-1, 2] : [1, 3, 5]),
        '/saasicAndroidController/updateAndroid': () => ok({ ...terminal, version: 3 }),
      });
      renderWithProviders(
        <ResourceFormDrawer web={web} record={terminal} onClose={() => undefined} onSaved={() => undefined} />,
      );
      await waitFor(() => expect(calls.some((c) => c.path === floorsPath)).toBe(true));
      const first = calls.find((c) => c.path === floorsPath)!;
      expect([first.query.get('storeId'), first.query.get('roomType')]).toEqual(['41', '1']);
      expect(within(combobox('楼层')).getByText('3 层')).toBeTruthy();

      open(combobox('房间类型'));
      fireEvent.click(await screen.findByTitle('足疗房'));
      await waitFor(() =>
        expect(calls.some((c) => c.path === floorsPath && c.query.get('roomType') === '3')).toBe(true),
      );
      open(combobox('楼层'));
      fireEvent.click(await screen.findByTitle('地下 1 层'));

      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/saasicAndroidController/updateAndroid')?.body).toMatchObject({
          id: '12',
          roomType: 3,
          floor: -1,
        }),
      );
    });

    it('offers a floor no room uses yet when its number is typed, within the allowed range only', async () => {
      serve({ [floorsPath]: () => ok([1]) });
      renderWithProviders(
        <ResourceFormDrawer web={web} record={terminal} onClose={() => undefined} onSaved={() => undefined} />,
      );
      const floor = combobox('楼层');
      open(floor);
      const search = within(floor).getByRole('combobox');
      fireEvent.change(search, { target: { value: '7' } });
      expect(await screen.findByTitle('7 层（新楼层）')).toBeTruthy();
      fireEvent.change(search, { target: { value: '-9' } });
      await waitFor(() => expect(screen.queryByTitle(/新楼层/)).toBeNull());
      expect(await screen.findByText('输入 -5 到 99 之间的楼层号添加')).toBeTruthy();
    });
  },
);
