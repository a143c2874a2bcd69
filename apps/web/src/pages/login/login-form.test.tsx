import { cleanup, screen, waitFor } from '@testing-library/react';
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

const captcha = (n: number) => ({
  errCode: 0,
  errMsg: '成功',
  data: { captchaId: `c${n}`, image: `data:image/svg+xml;base64,${n}` },
});

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

describe('sign-in form', () => {
  it('trims the login name, stores the session and honours redirect with the other query params', async () => {
    const calls = serve(() => success());
    renderLogin(`/login?redirect=${encodeURIComponent('/userMgt/agentMgt?status=1')}&tab=2`);
    await fillAndSubmit('  admin  ', 'Demo@2026');
    expect((await screen.findByTestId('where')).textContent).toBe('/userMgt/agentMgt?status=1&tab=2');
    expect(calls[0]).toEqual({
      url: '/api/log/adminLogin/login',
      body: { loginName: 'admin', password: 'Demo@2026', remember: false },
    });
    expect(Cookies.get('SaaS-Token')).toBe('tok-1');
    expect(useSession.getState().token).toBe('tok-1');
    expect(localStorage.getItem('needImgCode')).toBe('0');
  });

  it('never follows a redirect to another site', async () => {
    serve(() => success());
    renderLogin('/login?redirect=%2F%2Fevil.example.com');
    await fillAndSubmit('admin', 'Demo@2026');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('shows the image captcha after 400217 without a message, and sends it next time', async () => {
    let captchas = 0;
    const calls = serve((url, body) => {
      if (url === '/api/captcha') return captcha(++captchas);
      if (!body?.code) return { errCode: 400217, errMsg: '请输入图形验证码', data: null };
      return success();
    });
    renderLogin();
    const user = await fillAndSubmit('admin', 'Demo@2026');
    const image = await screen.findByAltText('图形验证码');
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');
    expect(messageError).not.toHaveBeenCalled();
    expect(localStorage.getItem('needImgCode')).toBe('1');
    await user.click(screen.getByRole('button', { name: '看不清，换一张' }));
    await waitFor(() => expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,2'));
    await user.type(screen.getByPlaceholderText('图形验证码'), 'ab12');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(calls.at(-1)?.body).toMatchObject({ captchaId: 'c2', code: 'ab12' });
    expect(localStorage.getItem('needImgCode')).toBe('0');
  });

  it('shows any other refusal as errMsg and resets needImgCode to 0', async () => {
    localStorage.setItem('needImgCode', '1');
    serve((url) => (url === '/api/captcha' ? captcha(1) : { errCode: 400201, errMsg: '账号或密码错误', data: null }));
    renderLogin();
    await screen.findByAltText('图形验证码');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('图形验证码'), 'zz');
    await fillAndSubmit('admin', 'wrong');
    await waitFor(() => expect(messageError).toHaveBeenCalledWith('账号或密码错误', 3));
    expect(localStorage.getItem('needImgCode')).toBe('0');
  });

  it('记住账号 keeps the login name in a cookie and prefills it; unchecked it is removed', async () => {
    serve(() => success());
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '记住账号' }));
    await fillAndSubmit('admin', 'Demo@2026');
    await screen.findByTestId('where');
    expect(Cookies.get('loginName')).toBe('admin');
    cleanup();
    useSession.getState().clearLocal();
    renderLogin();
    expect(screen.getByLabelText<HTMLInputElement>('登录名').value).toBe('admin');
    await user.click(screen.getByRole('checkbox', { name: '记住账号' }));
    await fillAndSubmit('admin', 'Demo@2026');
    await screen.findByTestId('where');
    expect(Cookies.get('loginName')).toBeUndefined();
  });

  it('a wrong captcha says 验证码错误 beside the field, with no message, and brings a new image', async () => {
    localStorage.setItem('needImgCode', '1');
    let captchas = 0;
    serve((url) =>
      url === '/api/captcha'
        ? captcha(++captchas)
        : { errCode: 400217, errMsg: '验证码错误', data: null, fieldErrors: { code: '验证码错误' } },
    );
    renderLogin();
    const image = await screen.findByAltText('图形验证码');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('图形验证码'), 'zz');
    await fillAndSubmit('admin', 'Demo@2026');
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,2'));
    expect(screen.getByPlaceholderText<HTMLInputElement>('图形验证码').value).toBe('');
    expect(messageError).not.toHaveBeenCalled();
  });

  it('记住密码 keeps no credential a script can read and signs in with the device cookie next time', async () => {
    const calls = serve((url) =>
      url.endsWith('/remembered') ? { errCode: 0, errMsg: '成功', data: { loginName: 'admin' } } : success(),
    );
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '记住密码' }));
    await fillAndSubmit('admin', 'Demo@2026');
    await screen.findByTestId('where');
    expect(calls[0]?.body).toMatchObject({ remember: true });
    expect(Cookies.get('rememberPassword')).toBe('1');
    const stored = JSON.stringify({ cookies: Cookies.get(), local: { ...localStorage } });
    expect(stored).not.toContain('Demo@2026');
    expect(Object.keys(Cookies.get())).not.toContain('rememberToken');

    // Signed out (记住密码 survives it): the form asks the server whom this browser remembers.
    cleanup();
    await useSession.getState().logout();
    renderLogin();
    expect(await screen.findByPlaceholderText('已记住密码，可直接登录')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('登录名').value).toBe('admin');
    await user.keyboard('{Enter}');
    await screen.findByTestId('where');
    expect(calls.at(-1)).toEqual({ url: '/api/log/adminLogin/loginByRemember', body: { loginName: 'admin' } });
  });

  it('unchecking 记住密码 revokes the credential on the server at once', async () => {
    Cookies.set('rememberPassword', '1', { path: '/' });
    const calls = serve((url) =>
      url.endsWith('/remembered')
        ? { errCode: 0, errMsg: '成功', data: { loginName: 'admin' } }
        : { errCode: 0, errMsg: '成功', data: null },
    );
    renderLogin();
    await screen.findByPlaceholderText('已记住密码，可直接登录');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '记住密码' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/log/adminLogin/forget'));
    expect(Cookies.get('rememberPassword')).toBeUndefined();
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
  });

  it('不是你？ forgets the remembered account and clears the form', async () => {
    Cookies.set('rememberPassword', '1', { path: '/' });
    Cookies.set('rememberAccount', '1', { path: '/' });
    Cookies.set('loginName', 'admin', { path: '/' });
    const calls = serve((url) =>
      url.endsWith('/remembered')
        ? { errCode: 0, errMsg: '成功', data: { loginName: 'admin' } }
        : { errCode: 0, errMsg: '成功', data: null },
    );
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByText('不是你？'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/log/adminLogin/forget'));
    expect(screen.getByLabelText<HTMLInputElement>('登录名').value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '记住密码' }).checked).toBe(false);
    expect(Cookies.get('loginName')).toBeUndefined();
    expect(screen.queryByText('不是你？')).toBeNull();
  });

  it('a browser whose credential was revoked elsewhere asks for the password', async () => {
    Cookies.set('rememberPassword', '1', { path: '/' });
    serve(() => ({ errCode: 0, errMsg: '成功', data: { loginName: null } }));
    renderLogin();
    await waitFor(() => expect(Cookies.get('rememberPassword')).toBeUndefined());
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '记住密码' }).checked).toBe(false);
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
  });

  it('warns while caps lock is on in the password box', async () => {
    serve(() => success());
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('密码'));
    expect(screen.queryByText('大写锁定已开启')).toBeNull();
    await user.keyboard('{CapsLock}a');
    expect(await screen.findByText('大写锁定已开启')).toBeTruthy();
    await user.keyboard('{CapsLock}b');
    await waitFor(() => expect(screen.queryByText('大写锁定已开启')).toBeNull());
  });
});
