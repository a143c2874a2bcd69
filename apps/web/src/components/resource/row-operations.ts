import type { Confirmation } from './confirmation';

/** One operation of a row's 操作 cell, whatever it comes from (查看, 编辑, 删除 or a resource's own). */
export interface RowOperation {
  /** 'view', 'edit', 'delete' or the resource action's key: what a resource's order names. */
  key: string;
  label: string;
  danger?: boolean;
  /** Asked before `run`: in a Popconfirm on a shown button, in a modal under 更多 (a popup inside a menu closes with it). */
  question?: Confirmation;
  /** The list key that runs it on the cursor row (a row action's `hotkey`). */
  hotkey?: string;
  /** Why it cannot run now (a read-only 以服务商身份查看: write-lock.tsx): shown disabled with this tooltip. */
  locked?: string;
  run: () => Promise<unknown> | void;
}

/** Shown as buttons before the rest go under 更多: one line on a desktop, within a pinned column on a phone. */
export const SHOWN_OPERATIONS = { desktop: 3, mobile: 2 } as const;

/**
 * The resource's named operations first, in its order; then the others as declared, 删除 last
 * (the spec's lists end with it, and it is the one a stray tap must not hit).
 */
export function orderOperations<T extends { key: string }>(
  operations: readonly T[],
  order: readonly string[] = [],
): T[] {
  const rank = (op: T, at: number) => {
    const named = order.indexOf(op.key);
    if (named >= 0) return named;
    return order.length + (op.key === 'delete' ? operations.length : at);
  };
  return operations
    .map((op, at) => ({ op, rank: rank(op, at) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ op }) => op);
}

/** The ordered operations split into at most `shown` buttons and the 更多 menu. */
export function splitOperations<T>(ordered: readonly T[], shown: number): { shown: T[]; more: T[] } {
  if (ordered.length <= shown) return { shown: [...ordered], more: [] };
  return { shown: ordered.slice(0, shown), more: ordered.slice(shown) };
}

// antd's small link button: 14 px a character, 7 px padding each side; two Chinese characters get
// a space between them (autoInsertSpace). The cell adds its own padding and the buttons a 4 px gap.
const buttonWidth = (label: string) => label.length * 14 + 14 + (label.length === 2 ? 6 : 0);
const MORE_WIDTH = 58;
const CELL_PADDING = 34;
const GAP = 4;
// Past this many conditional operations the subsets are not walked: the widest labels bound it.
const MAX_WALKED = 10;

function cellWidth(labels: readonly string[], withMore: boolean): number {
  const buttons = labels.reduce((sum, label) => sum + buttonWidth(label), 0) + (withMore ? MORE_WIDTH : 0);
  const count = labels.length + (withMore ? 1 : 0);
  return buttons + Math.max(0, count - 1) * GAP + CELL_PADDING;
}

/**
 * The 操作 column's width: the widest cell any row can show. Operations a row may lack
 * (`conditional`) are walked in every combination, so the column fits each row on one line
 * without reserving room for every declared action.
 */
export function operationsWidth(
  operations: readonly { key: string; label: string; conditional: boolean }[],
  order: readonly string[],
  shown: number,
): number {
  const ordered = orderOperations(operations, order);
  const conditional = ordered.filter((op) => op.conditional);
  if (conditional.length > MAX_WALKED) {
    const widest = [...ordered].sort((a, b) => buttonWidth(b.label) - buttonWidth(a.label)).slice(0, shown);
    return cellWidth(
      widest.map((op) => op.label),
      ordered.length > shown,
    );
  }
  let widest = CELL_PADDING;
  for (let mask = 0; mask < 1 << conditional.length; mask += 1) {
    const present = ordered.filter((op) => !op.conditional || (mask >> conditional.indexOf(op)) & 1);
    const split = splitOperations(present, shown);
    widest = Math.max(
      widest,
      cellWidth(
        split.shown.map((op) => op.label),
        split.more.length > 0,
      ),
    );
  }
  return widest;
}
