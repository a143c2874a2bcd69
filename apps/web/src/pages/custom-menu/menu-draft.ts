import {
  type CustomMenuButtons,
  type CustomMenuButtonsInput,
  MENU_LIMITS,
  type MenuActionType,
  customMenuButtons,
} from '@console/contract';

/** A button's action as the editor holds it: every field kept, so switching type loses nothing. */
export interface DraftAction {
  type: MenuActionType;
  key: string;
  url: string;
  appid: string;
  pagepath: string;
}
export interface DraftSub extends DraftAction {
  uid: string;
  name: string;
}
export interface DraftTop extends DraftAction {
  uid: string;
  name: string;
  /** With sub-buttons the top-level button is only a group; its own action is kept for when they go. */
  subs: DraftSub[];
}
export type Draft = DraftTop[];
/** The button being edited: a top-level one, or one of its sub-buttons. */
export interface Picked {
  top: number;
  sub: number | null;
}

let uidSerial = 0;
const uid = () => `b${(uidSerial += 1)}`;
const blankAction = (): DraftAction => ({ type: 'click', key: '', url: '', appid: '', pagepath: '' });

function actionOf(b: Partial<DraftAction> & { type?: string }): DraftAction {
  const type = b.type === 'view' || b.type === 'miniprogram' ? b.type : 'click';
  return { type, key: b.key ?? '', url: b.url ?? '', appid: b.appid ?? '', pagepath: b.pagepath ?? '' };
}

/** The saved menu as an editable draft. */
export function fromButtons(buttons: CustomMenuButtons): Draft {
  return buttons.map((b) => ({
    uid: uid(),
    name: b.name,
    ...actionOf(b as Partial<DraftAction>),
    subs: (b.subButtons ?? []).map((s) => ({ uid: uid(), name: s.name, ...actionOf(s) })),
  }));
}

/** Only the fields the action's type uses, as WeChat expects them. */
function actionInput(a: DraftAction) {
  if (a.type === 'click') return { type: a.type, key: a.key };
  if (a.type === 'view') return { type: a.type, url: a.url };
  return { type: a.type, appid: a.appid, pagepath: a.pagepath, url: a.url };
}

/** The draft as the save endpoint takes it. */
export function toButtons(draft: Draft): CustomMenuButtonsInput {
  return draft.map((top) =>
    top.subs.length > 0
      ? { name: top.name, subButtons: top.subs.map((s) => ({ name: s.name, ...actionInput(s) })) }
      : { name: top.name, ...actionInput(top) },
  );
}

/**
 * What the contract's schema (the server's own rules) says of the draft: message per path, e.g.
 * `0.subButtons.1.name`, and `''` for the menu as a whole.
 */
export function draftErrors(draft: Draft): Record<string, string> {
  const parsed = customMenuButtons.safeParse(toButtons(draft));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The path prefix of a picked button in draftErrors' keys. */
export function pathOf(p: Picked): string {
  return p.sub === null ? `${p.top}` : `${p.top}.subButtons.${p.sub}`;
}

export const canAddTop = (draft: Draft) => draft.length < MENU_LIMITS.topButtons;
export const canAddSub = (draft: Draft, top: number) => (draft[top]?.subs.length ?? 0) < MENU_LIMITS.subButtons;

export function addTop(draft: Draft): Draft {
  if (!canAddTop(draft)) return draft;
  return [...draft, { uid: uid(), name: '菜单名称', ...blankAction(), subs: [] }];
}

export function addSub(draft: Draft, top: number): Draft {
  if (!canAddSub(draft, top)) return draft;
  return draft.map((t, i) =>
    i === top ? { ...t, subs: [...t.subs, { uid: uid(), name: '子菜单名称', ...blankAction() }] } : t,
  );
}

export function removeButton(draft: Draft, p: Picked): Draft {
  if (p.sub === null) return draft.filter((_, i) => i !== p.top);
  return draft.map((t, i) => (i === p.top ? { ...t, subs: t.subs.filter((_, j) => j !== p.sub) } : t));
}

/** `list` with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Moves a button among its siblings (top-level ones, or the sub-buttons of one top-level button). */
export function moveButton(draft: Draft, top: number, sub: number | null, to: number): Draft {
  if (sub === null) return moved(draft, top, to);
  return draft.map((t, i) => (i === top ? { ...t, subs: moved(t.subs, sub, to) } : t));
}

export function updateButton(draft: Draft, p: Picked, patch: Partial<DraftAction & { name: string }>): Draft {
  return draft.map((t, i) => {
    if (i !== p.top) return t;
    if (p.sub === null) return { ...t, ...patch };
    return { ...t, subs: t.subs.map((s, j) => (j === p.sub ? { ...s, ...patch } : s)) };
  });
}

export function buttonAt(draft: Draft, p: Picked | null): DraftTop | DraftSub | undefined {
  if (!p) return undefined;
  const top = draft[p.top];
  return p.sub === null ? top : top?.subs[p.sub];
}
