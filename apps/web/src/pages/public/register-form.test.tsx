import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import { RegisterForm } from './register-form';

describe('provider registration form', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('says what to fill in for each empty required field, not a minimum length', async () => {
    vi.stubGlobal('fetch', vi.fn());
    render(
      <ThemeProvider>
        <RegisterForm onSubmitted={() => undefined} />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    expect(await screen.findByText('请输入企业名称')).toBeTruthy();
    expect(await screen.findByText('请输入联系人')).toBeTruthy();
    expect(await screen.findByText('请输入联系电话')).toBeTruthy();
    expect(await screen.findByText('请输入所在地区')).toBeTruthy();
    expect(screen.queryByText(/至少/)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
