import { Select, Space } from 'antd';
import { MenuIcon, menuIcons } from '../../components/icons/menu-icons';

const options = Object.keys(menuIcons)
  .sort()
  .map((name) => ({
    value: name,
    label: (
      <Space size={8}>
        <MenuIcon name={name} />
        {name}
      </Space>
    ),
  }));

interface Props {
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * The menu icon, chosen from the icons the console ships (a name outside this list would render
 * nothing in the sidebar). Cleared, the entry has no icon.
 */
export function MenuIconSelect({ value, onChange }: Props) {
  return (
    <Select
      allowClear
      showSearch
      placeholder="不显示图标"
      value={value || undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? '')}
      options={options}
      optionFilterProp="value"
    />
  );
}
