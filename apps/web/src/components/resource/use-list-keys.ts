import { App, type TableProps } from 'antd';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { RowAction } from './define-web-resource';
import { type ListCommand, listCommand, overlayOpen } from './list-key-map';
import type { ListRow } from './list-row';
import { askThenRun } from './row-actions';
import type { RowSelection } from './row-selection';
import './list-keys.css';

// A refused action was already reported by the request client's toast; the list stays as it was.
const ignore = () => undefined;

/**
 * The lists listening now. A hidden tab's effects are paused (React <Activity>), so only shown
 * lists are here; where one screen shows two, the key goes to the one holding the focus, else the first.
 */
const listening = new Set<HTMLElement>();

function ownerOf(target: EventTarget | null): HTMLElement | undefined {
  const lists = [...listening];
  const holding = target instanceof Node ? lists.find((list) => list.contains(target)) : undefined;
  if (holding) return holding;
  return lists.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

interface Options {
  /** The page shown. */
  rows: readonly ListRow[];
  page: { offset: number; size: number; total: number };
  onPage: (offset: number) => void;
  selection: RowSelection;
  selectable: boolean;
  canView: boolean;
  onView: (row: ListRow) => void;
  /** The row actions the operator may use; those with a `hotkey` answer it. */
  actions: readonly RowAction<ListRow>[];
  onDone: () => unknown;
  /** Whether the search bar has a filter for / to focus. */
  searchable: boolean;
}

export interface ListKeys {
  /** The list's own element (its search bar and rows are found inside it), as a callback ref. */
  setRoot: (element: HTMLElement | null) => void;
  cursorId: string | undefined;
  onRow: NonNullable<TableProps<ListRow>['onRow']>;
  /** The `?` sheet's props (list-key-help.tsx) besides the actions. */
  help: { open: boolean; onClose: () => void; unavailable: ReadonlySet<ListCommand['kind']> };
  openHelp: () => void;
}

const cursorRowProps = { className: 'resource-row-cursor', 'aria-current': true, tabIndex: -1 } as const;
const plainRowProps = {};

/**
 * A list worked from the keyboard: a row cursor (↑/↓, j/k), Enter for its detail, x to tick it,
 * / to the keyword filter, [ ] to page, ? for the cheat sheet, and the row actions' own keys.
 */
export function useListKeys(options: Options): ListKeys {
  const { modal, message } = App.useApp();
  const { rows, page } = options;
  const [root, setRoot] = useState<HTMLElement | null>(null);
  // The cursor belongs to the page it was set on: another page (by the pager) starts without one.
  const [cursor, setCursor] = useState({ index: -1, offset: page.offset });
  const [helpOpen, setHelpOpen] = useState(false);
  // Set by a key: the cursor row then takes the focus (so it is scrolled to and read out).
  const focusCursor = useRef(false);
  const index = cursor.offset === page.offset && rows.length > 0 ? Math.min(cursor.index, rows.length - 1) : -1;
  const cursorRow = index >= 0 ? rows[index] : undefined;
  const cursorId = cursorRow?.id;

  const move = (step: 1 | -1) => {
    if (rows.length === 0) return;
    const next = index < 0 ? 0 : Math.max(0, Math.min(rows.length - 1, index + step));
    focusCursor.current = true;
    setCursor({ index: next, offset: page.offset });
  };

  const turn = (offset: number) => {
    const last = Math.max(1, Math.ceil(page.total / page.size));
    if (offset < 1 || offset > last) return;
    focusCursor.current = true;
    setCursor({ index: 0, offset });
    options.onPage(offset);
  };

  const runKey = (row: ListRow | undefined, key: string): boolean => {
    const action = options.actions.find((candidate) => candidate.hotkey === key);
    if (!action) return false;
    if (!row) {
      void message.info(`请先用 ↑/↓ 或 j/k 选中一行，再按 ${key.toUpperCase()}${action.label}`);
    } else if (action.visible && !action.visible(row)) {
      void message.info(`当前行不能${action.label}`);
    } else {
      askThenRun(modal, {
        question: action.confirm?.(row),
        danger: action.danger,
        run: () => action.run(row).then(options.onDone, ignore),
      });
    }
    return true;
  };

  const handle = (command: ListCommand): boolean => {
    switch (command.kind) {
      case 'down':
        return (move(1), true);
      case 'up':
        return (move(-1), true);
      case 'open':
        if (!cursorRow || !options.canView) return false;
        return (options.onView(cursorRow), true);
      case 'select':
        if (!cursorRow || !options.selectable) return false;
        options.selection.set(cursorRow, !options.selection.has(cursorRow.id), false);
        return true;
      case 'search': {
        const bar = root?.querySelector('.resource-search');
        const input =
          bar?.querySelector<HTMLElement>('[id$="_keyword"]') ??
          bar?.querySelector<HTMLElement>('input:not([type="hidden"])');
        return input ? (input.focus(), true) : false;
      }
      case 'prev':
        return (turn(page.offset - 1), true);
      case 'next':
        return (turn(page.offset + 1), true);
      case 'help':
        return (setHelpOpen(true), true);
      case 'action':
        return runKey(cursorRow, command.key);
    }
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const own = root;
    if (!own || ownerOf(event.target) !== own || overlayOpen(own.ownerDocument)) return;
    const command = listCommand(event);
    if (command && handle(command)) event.preventDefault();
  });

  useEffect(() => {
    const own = root;
    if (!own) return;
    listening.add(own);
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    own.ownerDocument.addEventListener('keydown', listener);
    return () => {
      listening.delete(own);
      own.ownerDocument.removeEventListener('keydown', listener);
    };
  }, [root]);

  useEffect(() => {
    if (!focusCursor.current || !cursorId) return;
    focusCursor.current = false;
    // Committed by now: the row marked as the cursor is this one (every row of a page is in the document).
    root?.querySelector<HTMLElement>('tr.resource-row-cursor')?.focus();
  }, [cursorId, root]);

  const onRow = useCallback((row: ListRow) => (row.id === cursorId ? cursorRowProps : plainRowProps), [cursorId]);
  const { canView, selectable, searchable } = options;
  const unavailable = useMemo(() => {
    const out = new Set<ListCommand['kind']>();
    if (!canView) out.add('open');
    if (!selectable) out.add('select');
    if (!searchable) out.add('search');
    return out;
  }, [canView, selectable, searchable]);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  return { setRoot, cursorId, onRow, help: { open: helpOpen, onClose: closeHelp, unavailable }, openHelp };
}
