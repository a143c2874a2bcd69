import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { messageError } = vi.hoisted(() => ({ messageError: vi.fn() }));
vi.mock('../../lib/api/feedback', () => ({
  feedback: () => ({
    message: { error: messageError, success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

import { useSession } from '../../stores/session';
import { renderLogin, serve, success } from './login-test-kit.testing';

async function fillAndSubmit(loginName: string, password: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('登录名'));
  await user.type(screen.getByLabelText('登录名'), loginName);
  if (password) await user.type(screen.getByLabelText('密码'), password);
  await user.keyboard('{Enter}');
  return user;
}

afterEach(cleanup);

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  useSession.getState().clearLocal();
});

describe('sign-in: the second factor step', () => {
  it('asks for the code silently after 400225, says a wrong code beside its field, then signs in', async () => {
    const calls = serve((url, body) => {
      if (url === '/api/log/adminLogin/login') {
        return { errCode: 400225, errMsg: '请输入两步验证码', data: { challenge: 'ch-123456789012345678901' } };
      }
      if (body?.code === '000000') {
        return { errCode: 400227, errMsg: '两步验证码错误', data: null, fieldErrors: { code: '验证码错误或已使用' } };
      }
      return success();
    });
    renderLogin();
    const user = await fillAndSubmit('admin', 'Demo@2026');
    const field = await screen.findByLabelText('验证码');
    expect(messageError).not.toHaveBeenCalled();
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('验证码错误或已使用')).toBeTruthy();
    expect(messageError).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('验证码'));
    await user.type(screen.getByLabelText('验证码'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(calls.at(-1)).toEqual({
      url: '/api/log/adminLogin/secondFactor',
      body: { challenge: 'ch-123456789012345678901', code: 'abcde-fghjk' },
    });
    expect(useSession.getState().token).toBe('tok-1');
  });

  it('goes back to the password when the challenge has expired', async () => {
    serve((url) =>
      url === '/api/log/adminLogin/login'
        ? { errCode: 400225, errMsg: '请输入两步验证码', data: { challenge: 'ch-123456789012345678901' } }
        : { errCode: 400228, errMsg: '验证已过期，请重新输入密码登录', data: null },
    );
    renderLogin();
    const user = await fillAndSubmit('admin', 'Demo@2026');
    await user.type(await screen.findByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByLabelText('登录名')).toBeTruthy();
    expect(messageError).toHaveBeenCalledWith('验证已过期，请重新输入密码登录', 3);
  });

  it('after 400226 shows the key to scan, confirms it, and shows the recovery codes once before entering', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const calls = serve((url) => {
      if (url === '/api/log/adminLogin/login') {
        return { errCode: 400226, errMsg: '所属角色要求两步验证', data: { challenge: 'ch-123456789012345678901' } };
      }
      if (url === '/api/log/adminLogin/secondFactor/enrolStart') {
        return {
          errCode: 0,
          errMsg: '成功',
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauthUri: 'otpauth://totp/x:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          },
        };
      }
      const signedIn = success();
      return { ...signedIn, data: { ...signedIn.data, recoveryCodes: codes } };
    });
    renderLogin();
    const user = await fillAndSubmit('admin', 'Demo@2026');
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    expect(messageError).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('动态码'), '654321');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(await screen.findByText('abcd0-efgh0')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(useSession.getState().token).toBeFalsy();
    await user.click(screen.getByRole('button', { name: '我已保存恢复码，进入系统' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(calls.at(-1)).toMatchObject({ url: '/api/log/adminLogin/secondFactor/enrolConfirm' });
    expect(useSession.getState().token).toBe('tok-1');
  });
});
