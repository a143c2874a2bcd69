import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { ExportCenterButton } from '../../features/export-center/export-center-button';
import { LiveChannel } from '../../features/messages/live-channel';
import { MessageBell } from '../../features/messages/message-bell';
import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { SearchButton } from '../search/search-button';
import { Breadcrumbs } from './breadcrumbs';
import { ContactPopover } from './contact-popover';
import { FullscreenButton } from './fullscreen-button';
import { Hamburger } from './hamburger';
import { HelpLink } from './help-link';
import { SizeSelect } from './size-select';
import { UserMenu } from './user-menu';
import { usePlatformTitle } from './use-site-info';

/**
 * The header bar: each control is its own small component. The system-message bell (shown for
 * adminType 1 only) belongs in the right-hand group after the help link.
 */
export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const mobile = useAppStore((state) => state.device === 'mobile');
  const showSettings = useSettingsStore((state) => state.showSettings);
  const platformName = usePlatformTitle();
  return (
    <header className="console-navbar">
      <div className="console-navbar-left">
        <Hamburger />
        {mobile ? <span className="console-navbar-title">{platformName}</span> : <Breadcrumbs />}
      </div>
      <div className="console-navbar-right">
        {!mobile && <span className="console-navbar-title">{platformName}</span>}
        <SearchButton />
        <ContactPopover />
        <HelpLink />
        <ExportCenterButton />
        <MessageBell />
        {!mobile && <FullscreenButton />}
        {!mobile && <SizeSelect />}
        {showSettings && (
          <Tooltip title="系统设置">
            <Button
              type="text"
              className="console-navbar-button"
              aria-label="系统设置"
              icon={<SettingOutlined />}
              onClick={onOpenSettings}
            />
          </Tooltip>
        )}
        <UserMenu />
        <LiveChannel />
      </div>
    </header>
  );
}
