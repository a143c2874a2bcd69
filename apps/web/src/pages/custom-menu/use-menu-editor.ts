import type { CustomMenu, CustomMenuButtons } from '@console/contract';
import { useMemo, useState } from 'react';
import {
  type Draft,
  type Picked,
  addSub,
  addTop,
  buttonAt,
  draftErrors,
  fromButtons,
  moveButton,
  removeButton,
  toButtons,
  updateButton,
} from './menu-draft';

/** The saved menu the draft started from: its version (sent back on save) and its buttons. */
interface Base {
  accountId: string;
  version: number;
  json: string;
  /** The last server version looked at (a conflicting one is seen but not taken). */
  seen: number;
}

const jsonOf = (buttons: CustomMenuButtons) => JSON.stringify(toButtons(fromButtons(buttons)));

/**
 * The editor's state over the server's menu. Follows the server while the operator has not
 * changed anything; once they have, keeps their draft, taking a new version only when the saved
 * buttons stayed the same (WeChat's publication answer) and flagging a conflict otherwise.
 */
export function useMenuEditor(server: CustomMenu | undefined) {
  const [draft, setDraft] = useState<Draft>([]);
  const [base, setBase] = useState<Base | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [conflict, setConflict] = useState(false);
  const dirty = base !== null && JSON.stringify(toButtons(draft)) !== base.json;

  // Adjusting state while rendering (React's documented pattern for following a prop).
  if (server && (base === null || base.accountId !== server.officialAccountId || base.seen !== server.version)) {
    const json = jsonOf(server.buttons);
    const seen = { version: server.version, json, seen: server.version, accountId: server.officialAccountId };
    if (base === null || base.accountId !== server.officialAccountId || !dirty) {
      setDraft(fromButtons(server.buttons));
      setPicked(server.buttons.length ? { top: 0, sub: null } : null);
      setConflict(false);
      setBase(seen);
    } else if (json === base.json) {
      // Only the publication state moved (WeChat answered): the draft stays, on the new version.
      setBase(seen);
    } else {
      // Someone else saved other buttons: keep the draft and the old version, so a save is refused.
      setConflict(true);
      setBase({ ...base, seen: server.version });
    }
  }

  const errors = useMemo(() => draftErrors(draft), [draft]);
  const change = (next: Draft, pick: Picked | null = picked) => {
    setDraft(next);
    setPicked(pick && buttonAt(next, pick) ? pick : next.length ? { top: 0, sub: null } : null);
  };

  return {
    draft,
    picked,
    errors,
    dirty,
    conflict,
    version: base?.version ?? 0,
    pick: setPicked,
    /** Takes the server's menu as it is, dropping the draft (after a conflict, or 放弃修改). */
    reset: (menu: CustomMenu) => {
      setDraft(fromButtons(menu.buttons));
      const json = jsonOf(menu.buttons);
      setBase({ accountId: menu.officialAccountId, version: menu.version, json, seen: menu.version });
      setPicked(menu.buttons.length ? { top: 0, sub: null } : null);
      setConflict(false);
    },
    /** Starts the draft from other buttons (WeChat's live menu), keeping the saved base. */
    load: (buttons: CustomMenuButtons) => change(fromButtons(buttons), buttons.length ? { top: 0, sub: null } : null),
    addTop: () => {
      const next = addTop(draft);
      change(next, { top: next.length - 1, sub: null });
    },
    addSub: (top: number) => {
      const next = addSub(draft, top);
      change(next, { top, sub: (next[top]?.subs.length ?? 1) - 1 });
    },
    remove: (p: Picked) => change(removeButton(draft, p), p.sub === null ? null : { top: p.top, sub: null }),
    move: (top: number, sub: number | null, to: number) => {
      change(moveButton(draft, top, sub, to), sub === null ? { top: to, sub: null } : { top, sub: to });
    },
    update: (patch: Parameters<typeof updateButton>[2]) => {
      if (picked) setDraft(updateButton(draft, picked, patch));
    },
    buttons: () => toButtons(draft),
  };
}
export type MenuEditor = ReturnType<typeof useMenuEditor>;
