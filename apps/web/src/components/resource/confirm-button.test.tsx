import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button';

describe('ConfirmButton (a row action that asks first)', () => {
  afterEach(cleanup);

  it('asks on the first click, and acts only once 确定 is chosen', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton label="删除" danger question="确定删除这条吗？" onConfirm={onConfirm} />);
    expect(screen.queryByText('确定删除这条吗？')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除这条吗？')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
