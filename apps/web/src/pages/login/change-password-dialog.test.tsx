import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
const { messageError } = vi.hoisted(() => ({ messageError: vi.fn() }));
vi.mock('../../lib/api/feedback', () => ({
  feedback: () => ({
    message: { error: messageError, success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

import { ThemeProvider } from '../../components/theme-provider';
import { ChangePasswordDialog } from './change-password-dialog';

describe('the first-sign-in password dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    messageError.mockReset();
  });

  it('says 原密码错误 once, at the field, for a wrong current password (issue 15, item 17)', async () => {
    const refusal = { errCode: 400222, errMsg: '原密码错误', data: null, fieldErrors: { oldPassword: '原密码错误' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 400 }))),
    );
    render(
      <ThemeProvider>
        <MemoryRouter>
          <ChangePasswordDialog />
        </MemoryRouter>
      </ThemeProvider>,
    );
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Wrong1234' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'NewPass2026' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'NewPass2026' } });
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('原密码错误', {}, { timeout: 5000 })).toBeTruthy();
    expect(messageError).not.toHaveBeenCalled();
  });
});
