import { ColumnHeightOutlined, QuestionCircleOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popover, Space, Spin, Tooltip } from 'antd';
import { type ReactNode, Suspense, lazy } from 'react';
import type { WebField } from './define-web-resource';
import type { Density, TablePrefs } from './table-prefs';

interface Props {
  title: string;
  columns: readonly WebField<unknown>[];
  prefs: TablePrefs;
  onPrefs: (next: TablePrefs) => void;
  /** Back to the screen's own columns, order and density. */
  onResetPrefs: () => void;
  onReload: () => void;
  reloading: boolean;
  /** 新增 and batch actions, on the left. */
  actions: ReactNode;
  /** Beside the title: the scope the rows are confined to (当前范围). */
  note?: ReactNode;
  /** Opens the keyboard cheat sheet (the `?` key does too); left out where there is no keyboard. */
  onKeys?: () => void;
}

// The 列设置 panel loads when the popover first opens.
const ColumnSettings = lazy(() => import('./column-settings').then((module) => ({ default: module.ColumnSettings })));

const densities: { key: Density; label: string }[] = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '默认' },
  { key: 'small', label: '紧凑' },
];

/** Above the table: the screen's actions on the left; reload, density and columns on the right. */
export function TableToolbar(props: Props) {
  const { title, columns, prefs, onPrefs, onResetPrefs, onReload, reloading, actions, note, onKeys } = props;
  return (
    <div className="resource-toolbar">
      <Space wrap>
        <span className="resource-toolbar-title">{title}</span>
        {note}
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
        <Popover
          trigger="click"
          title="列设置（拖动或用箭头调整顺序）"
          content={
            <Suspense fallback={<Spin size="small" />}>
              <ColumnSettings columns={columns} prefs={prefs} onPrefs={onPrefs} onReset={onResetPrefs} />
            </Suspense>
          }
          placement="bottomRight"
        >
          <Tooltip title="列设置">
            <Button aria-label="列设置" icon={<SettingOutlined />} />
          </Tooltip>
        </Popover>
        {onKeys && (
          <Tooltip title="键盘快捷键（?）">
            <Button aria-label="键盘快捷键" aria-keyshortcuts="?" icon={<QuestionCircleOutlined />} onClick={onKeys} />
          </Tooltip>
        )}
      </Space>
    </div>
  );
}
