import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useAppStore } from '../../stores/app';

export function Hamburger() {
  const opened = useAppStore((state) => state.sidebar.opened);
  const toggle = useAppStore((state) => state.toggleSidebar);
  return (
    <Button
      type="text"
      className="console-navbar-button"
      aria-label={opened ? '收起侧边栏' : '展开侧边栏'}
      aria-expanded={opened}
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggle}
    />
  );
}
