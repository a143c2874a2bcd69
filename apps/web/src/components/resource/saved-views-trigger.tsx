import { DownOutlined } from '@ant-design/icons';
import { type SavedView, savedViewShareLabels } from '@console/contract';
import { Button, Tooltip } from 'antd';
import type { SavedViewsControl } from './use-saved-views';

export const activeView = (control: SavedViewsControl): SavedView | undefined =>
  control.views.find((v) => v.id === control.activeId);

/** The 视图 button itself, named after the view applied; the menu wraps the same button. */
export function SavedViewsTrigger({
  active,
  loading,
  onClick,
}: {
  active: SavedView | undefined;
  loading?: boolean;
  onClick?: () => void;
}) {
  return (
    <Tooltip title={active ? `当前视图：${active.name}（${savedViewShareLabels[active.share]}）` : undefined}>
      <Button className="saved-views-button" loading={loading} onClick={onClick}>
        视图{active ? `：${active.name}` : ''}
        <DownOutlined />
      </Button>
    </Tooltip>
  );
}
