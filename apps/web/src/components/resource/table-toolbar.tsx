import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import type { WebField } from './define-web-resource';
import type { Density, TablePrefs } from './table-prefs';

interface Props {
  title: string;
  columns: readonly WebField<unknown>[];
  prefs: TablePrefs;
  onPrefs: (next: TablePrefs) => void;
  onReload: () => void;
  reloading: boolean;
  /** 新增 and batch actions, on the left. */
  actions: ReactNode;
}

const densities: { key: Density; label: string }[] = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '默认' },
  { key: 'small', label: '紧凑' },
];

/** Above the table: the screen's actions on the left; reload, density and columns on the right. */
export function TableToolbar({ title, columns, prefs, onPrefs, onReload, reloading, actions }: Props) {
  const hidden = new Set(prefs.hidden);
  const columnPicker = (
    <Space orientation="vertical" size={4}>
      {columns.map((column) => (
        <Checkbox
          key={column.name}
          checked={!hidden.has(column.name)}
          // The last visible column stays: an empty table helps nobody.
          disabled={!hidden.has(column.name) && hidden.size >= columns.length - 1}
          onChange={(event) => {
            const next = new Set(hidden);
            if (event.target.checked) next.delete(column.name);
            else next.add(column.name);
            onPrefs({ ...prefs, hidden: [...next] });
          }}
        >
          {column.label}
        </Checkbox>
      ))}
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onPrefs({ ...prefs, hidden: [] })}>
        显示全部列
      </Button>
    </Space>
  );
  return (
    <div className="resource-toolbar">
      <Space wrap>
        <span className="resource-toolbar-title">{title}</span>
        {actions}
      </Space>
      <Space>
        <Tooltip title="刷新">
          <Button aria-label="刷新" icon={<ReloadOutlined spin={reloading} />} onClick={onReload} />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [prefs.density],
            items: densities,
            onClick: ({ key }) => onPrefs({ ...prefs, density: key as Density }),
          }}
        >
          <Tooltip title="表格密度">
            <Button aria-label="表格密度" icon={<ColumnHeightOutlined />} />
          </Tooltip>
        </Dropdown>
        <Popover trigger="click" title="显示的列" content={columnPicker} placement="bottomRight">
          <Tooltip title="列设置">
            <Button aria-label="列设置" icon={<SettingOutlined />} />
          </Tooltip>
        </Popover>
      </Space>
    </div>
  );
}
