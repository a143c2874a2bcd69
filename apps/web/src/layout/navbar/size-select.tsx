import { FontSizeOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { type UiSize, uiSizeLabels, uiSizes, useAppStore } from '../../stores/app';

/** Component size for the whole console, kept in the `size` cookie. */
export function SizeSelect() {
  const { message } = App.useApp();
  const size = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);
  // The hint would sit over the menu's first choice (大号) while the menu is open.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={setMenuOpen}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: uiSizes.map((key) => ({ key, label: uiSizeLabels[key] })),
        onClick: ({ key }) => {
          setSize(key as UiSize);
          void message.success('布局大小已切换');
        },
      }}
    >
      <Tooltip title="布局大小" open={menuOpen ? false : undefined}>
        <Button type="text" className="console-navbar-button" aria-label="布局大小" icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
