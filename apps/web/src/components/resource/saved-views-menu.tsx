import { EllipsisOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import type { SavedView } from '@console/contract';
import { App, Button, Dropdown, Empty, Popover, Spin, Tag, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { SavedViewsTrigger, activeView } from './saved-views-trigger';
import { useSavedViewDialog } from './saved-view-dialog';
import './saved-views.css';
import { type SavedViewsControl, VIEW_PARAM } from './use-saved-views';
import { LockableButton, useWriteLocked } from './write-lock';

type MenuItems = NonNullable<MenuProps['items']>;

/** The items that change a view, disabled with the reason while `locked` (applying and copying a link stay). */
function lockItems(items: MenuItems, locked: string | undefined): MenuItems {
  if (!locked) return items;
  return items.map((item) =>
    item && 'label' in item && item.key !== 'link'
      ? { ...item, disabled: true, onClick: undefined, label: <Tooltip title={locked}>{item.label}</Tooltip> }
      : item,
  );
}

// A failed call was already said by the request client; the menu stays as it was.
const ignore = () => undefined;

function viewLink(view: SavedView): string {
  const url = new URL(window.location.href);
  url.search = `?${VIEW_PARAM}=${encodeURIComponent(view.id)}`;
  return url.toString();
}

function ViewRow({
  view,
  active,
  onApply,
  actions,
}: {
  view: SavedView;
  active: boolean;
  onApply: () => void;
  actions: MenuProps['items'];
}) {
  return (
    <li className={active ? 'saved-view-row saved-view-row-active' : 'saved-view-row'}>
      <Button type="text" size="small" className="saved-view-name" onClick={onApply} title={`应用视图「${view.name}」`}>
        {view.isDefault && <StarFilled aria-label="默认视图" className="saved-view-default" />}
        {view.name}
      </Button>
      {view.share !== 'private' && view.mine && <Tag>{view.share === 'role' ? '已共享' : '员工可见'}</Tag>}
      {!view.mine && <span className="saved-view-owner">{view.ownerName}</span>}
      {view.unavailable.length > 0 && <Tag color="warning">部分条件不可用</Tag>}
      <Dropdown trigger={['click']} menu={{ items: actions }}>
        <Button type="text" size="small" aria-label={`视图「${view.name}」的操作`} icon={<EllipsisOutlined />} />
      </Dropdown>
    </li>
  );
}

/**
 * 视图 beside a list's filters: save the list as it is as a named view, apply one of mine or of
 * those shared with me, rename, share, set or clear my default, copy its link, delete.
 */
export function SavedViewsMenu({ control, initiallyOpen }: { control: SavedViewsControl; initiallyOpen?: boolean }) {
  const { message, modal } = App.useApp();
  // Open at once when the click that asked for this menu came before its code (saved-views-button.tsx).
  const [open, setOpen] = useState(initiallyOpen ?? false);
  const dialog = useSavedViewDialog(control);
  const active = activeView(control);
  const mine = control.views.filter((v) => v.mine);
  const shared = control.views.filter((v) => !v.mine);
  const locked = useWriteLocked();

  const editView = (view: SavedView | null) => {
    setOpen(false);
    dialog.open([view]).then(() => void message.success('视图已保存'), ignore);
  };
  const actionsOf = (view: SavedView): MenuItems => [
    ...(view.mine
      ? [
          { key: 'edit', label: '重命名 / 共享', onClick: () => editView(view) },
          {
            key: 'update',
            label: '用当前列表更新',
            onClick: () =>
              void control.update(view, { state: control.capture() }).then(() => message.success('视图已更新'), ignore),
          },
        ]
      : []),
    view.isDefault
      ? { key: 'default', label: '取消默认', onClick: () => void control.setDefault(null).catch(ignore) }
      : { key: 'default', label: '设为默认', onClick: () => void control.setDefault(view).catch(ignore) },
    {
      key: 'link',
      label: '复制链接',
      onClick: () =>
        void navigator.clipboard.writeText(viewLink(view)).then(
          () => message.success('链接已复制'),
          () => message.error('复制失败，请手动复制地址栏'),
        ),
    },
    ...(view.mine
      ? [
          { type: 'divider' as const },
          {
            key: 'delete',
            danger: true,
            label: '删除',
            onClick: () =>
              modal.confirm({
                title: `确定删除视图「${view.name}」吗？`,
                content: view.share === 'private' ? undefined : '共享给他人的视图删除后，他们也将看不到它。',
                okText: '删除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () => control.remove(view).then(() => message.success('视图已删除')),
              }),
          },
        ]
      : []),
  ];

  const section = (title: string, views: SavedView[]) =>
    views.length > 0 && (
      <div className="saved-view-section">
        <div className="saved-view-section-title">{title}</div>
        <ul className="saved-view-list" aria-label={title}>
          {views.map((view) => (
            <ViewRow
              key={view.id}
              view={view}
              active={view.id === control.activeId}
              actions={lockItems(actionsOf(view), locked)}
              onApply={() => {
                control.apply(view);
                setOpen(false);
              }}
            />
          ))}
        </ul>
      </div>
    );

  const content = (
    <div className="saved-views-panel">
      <LockableButton locked={locked} block icon={<PlusOutlined />} onClick={() => editView(null)}>
        保存当前为视图
      </LockableButton>
      {control.loading ? (
        <Spin size="small" className="saved-view-loading" />
      ) : control.views.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有视图" />
      ) : (
        <>
          {section('我的视图', mine)}
          {section('共享给我的', shared)}
        </>
      )}
    </div>
  );

  return (
    <>
      <Popover trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen} content={content} title="视图">
        <SavedViewsTrigger active={active} />
      </Popover>
      {dialog.element}
    </>
  );
}
