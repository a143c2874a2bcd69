import { DownOutlined } from '@ant-design/icons';
import { type SavedView, savedViewShareLabels } from '@console/contract';
import { Button, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';
import type { Ref } from 'react';
import type { SavedViewsControl } from './use-saved-views';

export const activeView = (control: SavedViewsControl): SavedView | undefined =>
  control.views.find((v) => v.id === control.activeId);

/**
 * The 视图 button itself, named after the view applied; the menu wraps the same button. The ref and
 * the handlers a Popover adds reach the button: without them the popover has nothing to align to
 * and opens off-screen.
 */
export function SavedViewsTrigger({
  active,
  ref,
  ...button
}: Omit<ButtonProps, 'children' | 'className'> & { active: SavedView | undefined; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Tooltip title={active ? `当前视图：${active.name}（${savedViewShareLabels[active.share]}）` : undefined}>
      <Button ref={ref} className="saved-views-button" {...button}>
        视图{active ? `：${active.name}` : ''}
        <DownOutlined />
      </Button>
    </Tooltip>
  );
}
