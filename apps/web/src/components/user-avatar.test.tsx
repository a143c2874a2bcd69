import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR } from '../lib/avatar';
import { UserAvatar } from './user-avatar';

describe('user avatar', () => {
  afterEach(cleanup);

  it('shows the default avatar when the image fails to load, and a new address is tried again', () => {
    const { rerender } = render(<UserAvatar src="http://broken.example.com/a.png" alt="头像" />);
    const image = screen.getByAltText<HTMLImageElement>('头像');
    expect(image.getAttribute('src')).toBe('http://broken.example.com/a.png');
    fireEvent.error(image);
    expect(screen.getByAltText<HTMLImageElement>('头像').getAttribute('src')).toBe(DEFAULT_AVATAR);
    rerender(<UserAvatar src="http://img.example.com/b.png" alt="头像" />);
    expect(screen.getByAltText<HTMLImageElement>('头像').getAttribute('src')).toBe('http://img.example.com/b.png');
  });
});
