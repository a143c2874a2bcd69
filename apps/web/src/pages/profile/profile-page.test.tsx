import type { CurrentUser } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
const { messageError } = vi.hoisted(() => ({ messageError: vi.fn() }));
vi.mock('../../lib/api/feedback', () => ({
  feedback: () => ({
    message: { error: messageError, success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

import { READ_ONLY_TIP } from '../../components/resource/write-lock';
import { ThemeProvider } from '../../components/theme-provider';
import { useViewAs } from '../../stores/view-as';
import { ProfilePage } from './profile-page';

const user: CurrentUser = {
  id: '7',
  name: '陈立伟',
  loginName: 'agent1',
  adminType: 1,
  agentId: '3',
  agentName: '杭州云泊科技有限公司',
  headImg: 'img.example.com/a.png',
  changePsw: 0,
  agentAdminDirect: 0,
  phone: '13857162208',
  email: '',
  lastLoginAt: '2026-11-22T01:32:00.000Z',
};

/** Answers each endpoint by path (an envelope given whole as `refused`); records what was sent. */
function serve(answers: Record<string, unknown>, refused: Record<string, unknown> = {}) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      const refusal = Object.keys(refused).find((key) => url.includes(key));
      if (refusal) return Promise.resolve(new Response(JSON.stringify(refused[refusal]), { status: 400 }));
      const path = Object.keys(answers).find((key) => url.includes(key));
      const data = path ? answers[path] : null;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/profile/index']}>
          <Routes>
            <Route path="/profile/index" element={<ProfilePage />} />
            <Route path="/login" element={<p>登录页</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

// antd forms in jsdom are slow on a shared machine.
describe('profile page', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    messageError.mockClear();
  });

  it('shows the account with its type and an http:// avatar, and saves edited details', async () => {
    const calls = serve({ '/adminLogin/info': user, '/adminLogin/updateProfile': { ...user, name: '陈总' } });
    renderPage();
    expect(await screen.findByText('服务商管理员', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('杭州云泊科技有限公司')).toBeTruthy();
    expect(screen.getByAltText('陈立伟的头像').getAttribute('src')).toBe('http://img.example.com/a.png');
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '陈总' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/adminLogin/updateProfile'))).toBe(true));
    const sent = calls.find((call) => call.url.includes('/adminLogin/updateProfile'));
    expect(sent?.body).toMatchObject({ name: '陈总', phone: '13857162208', headImg: 'img.example.com/a.png' });
  });

  it('refuses a new password outside the policy, and signs out after a change', async () => {
    const calls = serve({ '/adminLogin/info': user, '/adminLogin/changePassword': null, '/adminLogin/logout': null });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '修改密码' }, { timeout: 5000 }));
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Old12345' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'short1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'short1' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码至少 8 位')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('changePassword'))).toBe(false);

    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'NewPass2026' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'NewPass2026' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('登录页', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((call) => call.url.includes('changePassword'))?.body).toEqual({
      oldPassword: 'Old12345',
      newPassword: 'NewPass2026',
    });
  });

  it('says 请输入姓名 once for an empty name', async () => {
    serve({ '/adminLogin/info': user });
    renderPage();
    fireEvent.change(await screen.findByLabelText('姓名', {}, { timeout: 5000 }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('请输入姓名')).toHaveLength(1);
  });

  it('says 原密码错误 once, at the field, for a wrong current password', async () => {
    serve(
      { '/adminLogin/info': user },
      {
        '/adminLogin/changePassword': {
          errCode: 400222,
          errMsg: '原密码错误',
          data: null,
          fieldErrors: { oldPassword: '原密码错误' },
        },
      },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '修改密码' }, { timeout: 5000 }));
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Wrong1234' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'NewPass2026' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'NewPass2026' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('原密码错误')).toBeTruthy();
    expect(messageError).not.toHaveBeenCalled();
  });

  it('binds an authenticator: the key in a dialog, the first code, then the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const status = { enrolled: false, enrolledAt: null, required: true, recoveryCodesLeft: 0 };
    const calls = serve({
      '/adminLogin/info': user,
      '/adminLogin/secondFactor/status': status,
      '/adminLogin/secondFactor/start': {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
        otpauthUri: 'otpauth://totp/x:agent1?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
      },
      '/adminLogin/secondFactor/confirm': { recoveryCodes: codes },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '两步验证' }, { timeout: 5000 }));
    expect(await screen.findByText('所属角色要求两步验证，请尽快绑定')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定验证器' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('动态码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: /^绑\s*定$/ }));
    expect(await screen.findByText('abcd9-efgh9')).toBeTruthy();
    expect(calls.find((call) => call.url.includes('/secondFactor/confirm'))?.body).toEqual({ code: '654321' });
  });

  it('keeps 停用 off while a role requires the factor', async () => {
    serve({
      '/adminLogin/info': user,
      '/adminLogin/secondFactor/status': {
        enrolled: true,
        enrolledAt: '2026-11-22T01:32:00.000Z',
        required: true,
        recoveryCodesLeft: 7,
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '两步验证' }, { timeout: 5000 }));
    expect(await screen.findByText('7 个')).toBeTruthy();
    expect(screen.getByRole('button', { name: '停用两步验证' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '重新生成恢复码' })).toHaveProperty('disabled', false);
  });

  it('locks 保存 and 绑定验证器 in a read-only 以服务商身份查看 tab, and sends nothing', async () => {
    useViewAs.setState({ active: true, session: null, ended: false });
    try {
      const calls = serve({
        '/adminLogin/info': user,
        '/adminLogin/secondFactor/status': { enrolled: false, enrolledAt: null, required: false, recoveryCodesLeft: 0 },
      });
      renderPage();
      expect(await screen.findByText('服务商管理员', {}, { timeout: 5000 })).toBeTruthy();
      const save = screen.getByRole<HTMLButtonElement>('button', { name: /保\s*存/ });
      expect(save.disabled).toBe(true);
      expect(save.closest('.write-locked')?.getAttribute('data-locked')).toBe(READ_ONLY_TIP);
      fireEvent.submit(screen.getByLabelText('姓名').closest('form')!);
      fireEvent.click(screen.getByRole('tab', { name: '两步验证' }));
      const bind = await screen.findByRole<HTMLButtonElement>('button', { name: '绑定验证器' });
      expect(bind.disabled).toBe(true);
      expect(calls.some((call) => call.url.includes('/updateProfile') || call.url.includes('/start'))).toBe(false);
    } finally {
      useViewAs.setState({ active: false, session: null, ended: false });
    }
  });
});
