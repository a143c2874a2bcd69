import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null && document.fullscreenElement !== undefined;

export function FullscreenButton() {
  const { message } = App.useApp();
  const active = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const label = active ? '退出全屏' : '全屏';
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning('当前浏览器不支持全屏');
      return;
    }
    const request = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    request.catch(() => void message.warning('浏览器拒绝了全屏请求'));
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="console-navbar-button"
        aria-label={label}
        aria-pressed={active}
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
