import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { MENU_LIMITS } from '@console/contract';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { type Draft, type Picked, canAddSub, canAddTop, pathOf } from './menu-draft';
import { useDragReorder } from './use-drag-reorder';

interface Props {
  draft: Draft;
  picked: Picked | null;
  errors: Record<string, string>;
  disabled?: boolean;
  onPick: (p: Picked) => void;
  onAddTop: () => void;
  onAddSub: (top: number) => void;
  onRemove: (p: Picked) => void;
  onMove: (top: number, sub: number | null, to: number) => void;
}

/** Whether any rule fails for the button at this path (or below it, for a top-level button). */
const hasError = (errors: Record<string, string>, path: string) =>
  Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));

/**
 * The menu as a tree: pick a button to edit it, drag it (or use ↑ ↓, for the keyboard) to reorder
 * it among its siblings, add buttons up to WeChat's limits, remove with a confirmation.
 */
export function MenuTreeEditor(props: Props) {
  const { draft, picked, errors, disabled, onPick, onMove } = props;
  const drag = useDragReorder((parent, from, to) =>
    parent === null ? onMove(from, null, to) : onMove(parent, from, to),
  );

  const row = (p: Picked, name: string, count: number, extra?: ReactNode) => {
    const index = p.sub ?? p.top;
    const spot = { parent: p.sub === null ? null : p.top, index };
    const selected = picked?.top === p.top && picked.sub === p.sub;
    const invalid = hasError(errors, pathOf(p));
    const what = p.sub === null ? '一级菜单' : '子菜单';
    return (
      <div
        className={[
          'menu-tree-row',
          p.sub === null ? 'is-top' : 'is-sub',
          selected ? 'is-selected' : '',
          drag.isOver(spot) ? 'is-drop-target' : '',
        ].join(' ')}
        data-testid={`menu-row-${pathOf(p)}`}
        {...(disabled ? {} : drag.itemProps(spot))}
      >
        <HolderOutlined className="menu-tree-handle" aria-hidden />
        <button type="button" className="menu-tree-name" onClick={() => onPick(p)} aria-pressed={selected}>
          <span className={invalid ? 'menu-tree-invalid' : undefined}>{name || '（未命名）'}</span>
          {invalid && <span className="menu-tree-badge">待修正</span>}
        </button>
        {extra}
        <Tooltip title="上移">
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`上移${what}「${name}」`}
            disabled={disabled || index === 0}
            onClick={() => onMove(p.top, p.sub, index - 1)}
          />
        </Tooltip>
        <Tooltip title="下移">
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`下移${what}「${name}」`}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(p.top, p.sub, index + 1)}
          />
        </Tooltip>
        <Popconfirm
          title={`删除${what}「${name}」？`}
          description={p.sub === null && draft[p.top]?.subs.length ? '其下的子菜单一并删除' : undefined}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => props.onRemove(p)}
          disabled={disabled}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除${what}「${name}」`}
            disabled={disabled}
          />
        </Popconfirm>
      </div>
    );
  };

  return (
    <div className="menu-tree" aria-label="菜单结构">
      {draft.length === 0 && <div className="menu-tree-empty">还没有菜单，点击下方按钮添加一级菜单</div>}
      {draft.map((top, t) => (
        <div key={top.uid} className="menu-tree-group">
          {row({ top: t, sub: null }, top.name, draft.length)}
          {top.subs.map((sub, s) => (
            <div key={sub.uid}>{row({ top: t, sub: s }, sub.name, top.subs.length)}</div>
          ))}
          <Button
            size="small"
            type="dashed"
            className="menu-tree-add-sub"
            icon={<PlusOutlined />}
            disabled={disabled || !canAddSub(draft, t)}
            onClick={() => props.onAddSub(t)}
          >
            添加子菜单（{top.subs.length}/{MENU_LIMITS.subButtons}）
          </Button>
        </div>
      ))}
      <Button
        block
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || !canAddTop(draft)}
        onClick={props.onAddTop}
      >
        添加一级菜单（{draft.length}/{MENU_LIMITS.topButtons}）
      </Button>
      {errors[''] && <div className="menu-tree-error">{errors['']}</div>}
    </div>
  );
}
