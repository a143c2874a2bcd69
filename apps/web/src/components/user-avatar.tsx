import { Avatar, type AvatarProps } from 'antd';
import { useState } from 'react';
import { DEFAULT_AVATAR } from '../lib/avatar';

/**
 * An operator's avatar: the image at `src`, or the default avatar when it fails to load (a broken
 * or unreachable headImg would otherwise leave antd's empty grey circle).
 */
export function UserAvatar({ src, ...props }: Omit<AvatarProps, 'src' | 'onError'> & { src: string }) {
  const [failed, setFailed] = useState<string>();
  return (
    <Avatar
      {...props}
      src={failed === src ? DEFAULT_AVATAR : src}
      onError={() => {
        setFailed(src);
        // Keep the image element: it now shows the default avatar instead of antd's empty fallback.
        return false;
      }}
    />
  );
}
