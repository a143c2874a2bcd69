import type { OfficialAccount } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebResource } from '../../components/resource/define-web-resource';
import { ResourceFormDrawer } from '../../components/resource/resource-form-drawer';
import { officialAccountWeb } from '../../resources/official-account';
import { ok, renderWithProviders, serve } from '../account/test-kit';

const web = officialAccountWeb as unknown as WebResource<never, OfficialAccount>;
const account: OfficialAccount = {
  id: '7',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  name: '门店云服务号',
  appId: 'wx5f3c8a1b2d4e6f70',
  originalId: 'gh_3a5c7e9b1d2f',
  accountType: 2,
  verified: 1,
  status: 1,
  followerCount: 100,
  authorizedAt: null,
  secretMasked: `${'*'.repeat(28)}e4f7`,
  syncedAt: null,
  remark: '',
};
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('公众号 form: the AppSecret is write-only', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is required for a new account, in a password box', async () => {
    const calls = serve({});
    renderWithProviders(
      <ResourceFormDrawer web={web} record={null} onClose={() => undefined} onSaved={() => undefined} />,
    );
    const secret = screen.getByLabelText('AppSecret');
    expect(secret.getAttribute('type')).toBe('password');
    save();
    expect(await screen.findByText('请输入 AppSecret', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(secret, { target: { value: 'not-hex' } });
    expect(await screen.findByText('AppSecret 为 32 位十六进制字符', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/officialAccount/create')).toHaveLength(0);
  });

  it('starts blank when editing and may stay blank, which keeps the stored one', async () => {
    const calls = serve({ '/officialAccount/update': () => ok({ ...account, version: 4 }) });
    renderWithProviders(
      <ResourceFormDrawer web={web} record={account} onClose={() => undefined} onSaved={() => undefined} />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('AppSecret').value).toBe('');
    expect(screen.getByText('留空则保持原值不变')).toBeTruthy();
    save();
    await waitFor(() => expect(calls.some((c) => c.path === '/officialAccount/update')).toBe(true));
    const body = calls.find((c) => c.path === '/officialAccount/update')!.body;
    expect(body).toMatchObject({ id: '7', version: 3, appSecret: '' });
  });
});
