import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import type { WebField } from './define-web-resource';
import { type TablePrefs, orderColumns } from './table-prefs';

interface Props {
  columns: readonly WebField<unknown>[];
  prefs: TablePrefs;
  onPrefs: (next: TablePrefs) => void;
  onReset: () => void;
}

/**
 * The column list of the 列设置 popover: tick to show, drag a row (plain HTML5 drag and drop) or use
 * its arrows to reorder, 重置 for the screen's own columns, order and density.
 */
export function ColumnSettings({ columns, prefs, onPrefs, onReset }: Props) {
  const ordered = orderColumns(columns, prefs.order);
  const hidden = new Set(prefs.hidden);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= ordered.length) return;
    const names = ordered.map((column) => column.name);
    const [name] = names.splice(from, 1);
    if (name) names.splice(to, 0, name);
    onPrefs({ ...prefs, order: names });
  };
  const indexOf = (name: string | null) => ordered.findIndex((column) => column.name === name);
  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  return (
    <div className="resource-column-settings">
      {ordered.map((column, index) => (
        <div
          key={column.name}
          className={`resource-column-row${over === column.name && dragging !== column.name ? ' is-over' : ''}`}
          data-column={column.name}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', column.name);
            setDragging(column.name);
          }}
          onDragOver={(event) => {
            if (!dragging) return;
            event.preventDefault();
            setOver(column.name);
          }}
          onDrop={(event) => {
            event.preventDefault();
            move(indexOf(dragging), index);
            endDrag();
          }}
          onDragEnd={endDrag}
        >
          <HolderOutlined className="resource-column-handle" aria-hidden />
          <Checkbox
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
          <span className="resource-column-moves">
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`上移 ${column.label}`}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`下移 ${column.label}`}
              disabled={index === ordered.length - 1}
              onClick={() => move(index, index + 1)}
            />
          </span>
        </div>
      ))}
      <Button type="link" size="small" className="resource-column-reset" onClick={onReset}>
        重置
      </Button>
    </div>
  );
}
