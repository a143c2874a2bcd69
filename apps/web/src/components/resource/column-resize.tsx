import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '@console/contract';
import type { KeyboardEvent, PointerEvent, ThHTMLAttributes } from 'react';

/** How far one ←/→ press moves a column's edge. */
export const WIDTH_KEY_STEP = 16;

export const clampWidth = (px: number) => Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, Math.round(px)));

/** What a resizable column hands its header cell (through antd's `onHeaderCell`). */
export interface ColumnResize {
  label: string;
  /** The column's width now: the operator's, or the declared one; none when the table sizes it. */
  width: number | undefined;
  onWidth: (px: number) => void;
}

type CellProps = ThHTMLAttributes<HTMLTableCellElement> & { resize?: ColumnResize };

// The width to start from: the one set, or what the browser gave a column that declares none.
const startWidth = (resize: ColumnResize, handle: HTMLElement) =>
  resize.width ?? handle.parentElement?.getBoundingClientRect().width ?? COLUMN_WIDTH_MIN;

/**
 * A header cell with a drag handle on its right edge (pointer drag, or focus and ←/→). Our own,
 * about forty lines, instead of a resizable-table package: the first list screen's bundle is on a
 * budget and antd's Table only needs its header cell swapped.
 */
function ResizableHeaderCell({ resize, children, ...cell }: CellProps) {
  if (!resize) return <th {...cell}>{children}</th>;
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const from = { x: event.clientX, width: startWidth(resize, event.currentTarget) };
    // The page follows the pointer, so the drag goes on wherever over the page it moves.
    const page = event.currentTarget.ownerDocument;
    const move = (next: globalThis.PointerEvent) => resize.onWidth(clampWidth(from.width + next.clientX - from.x));
    const end = () => {
      page.removeEventListener('pointermove', move);
      page.removeEventListener('pointerup', end);
      page.removeEventListener('pointercancel', end);
    };
    page.addEventListener('pointermove', move);
    page.addEventListener('pointerup', end);
    page.addEventListener('pointercancel', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowRight' ? WIDTH_KEY_STEP : event.key === 'ArrowLeft' ? -WIDTH_KEY_STEP : 0;
    if (!step) return;
    // Handled here: neither the list's keys nor the header's sort take it.
    event.preventDefault();
    event.stopPropagation();
    resize.onWidth(clampWidth(startWidth(resize, event.currentTarget) + step));
  };
  return (
    <th {...cell}>
      {children}
      <span
        className="resource-column-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={`调整「${resize.label}」列宽`}
        aria-valuenow={resize.width}
        aria-valuemin={COLUMN_WIDTH_MIN}
        aria-valuemax={COLUMN_WIDTH_MAX}
        tabIndex={0}
        onPointerDown={onPointerDown}
        // A click on the edge is not a click on the header: it must not sort the column.
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      />
    </th>
  );
}

/**
 * A resizable column's `onHeaderCell` answer. antd types it as plain cell attributes; typed as the
 * cell's props first, the extra `resize` reaches ResizableHeaderCell without a cast.
 */
export function resizeHeader(resize: ColumnResize): ThHTMLAttributes<HTMLTableCellElement> {
  const props: CellProps = { resize };
  return props;
}

/** antd Table `components` for a list whose columns may be resized; one object, so the table keeps it. */
export const resizableTable = { header: { cell: ResizableHeaderCell } };
