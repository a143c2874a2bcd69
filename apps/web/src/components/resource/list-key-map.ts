/**
 * The keys every list answers (issue 30 part 4): which key means what, and when a key press is
 * not the list's at all. Pure, so the rules are tested without a list.
 */

type Letter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z';

/** A row action's key: a lower-case letter the list does not use itself (j/k move, x selects). */
export type RowActionKey = Exclude<Letter, 'j' | 'k' | 'x'>;

/** What the list's own keys do. */
export type ListKeyKind = 'up' | 'down' | 'open' | 'select' | 'search' | 'prev' | 'next' | 'help';
export type ListCommand = { kind: ListKeyKind } | { kind: 'action'; key: RowActionKey };

const commands: Partial<Record<string, ListKeyKind>> = {
  ArrowUp: 'up',
  k: 'up',
  ArrowDown: 'down',
  j: 'down',
  Enter: 'open',
  x: 'select',
  '/': 'search',
  '[': 'prev',
  ']': 'next',
  '?': 'help',
};

// Text is typed into these; a key pressed there is the text's, never the list's.
const TYPING =
  'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"]';
// Widgets that move with the arrow keys themselves (tabs, menus, options, trees, sliders, radios).
const ARROW_WIDGETS =
  '[role="tablist"], [role="menu"], [role="menubar"], [role="listbox"], [role="tree"], [role="radiogroup"], [role="slider"], [role="grid"]';
// Enter on these presses them: the list must not open a detail as well.
const PRESSABLE =
  'button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"], label';
// An open modal or drawer (and the confirmation popups and menus above a row) owns the keyboard.
const OVERLAYS = '.ant-modal-wrap, .ant-drawer-open, .ant-popover, .ant-dropdown';
// A closed overlay stays in the page hidden; one closing plays its leave animation and is gone already.
const GONE = /-hidden\b|-leave\b/;

/** An open modal, drawer, popconfirm or menu anywhere on the page. */
export function overlayOpen(doc: Document): boolean {
  return [...doc.querySelectorAll<HTMLElement>(OVERLAYS)].some((overlay) => {
    if (overlay.style.display === 'none' || GONE.test(overlay.className)) return false;
    const panel = overlay.classList.contains('ant-modal-wrap') ? overlay.querySelector('.ant-modal') : overlay;
    return !!panel && !GONE.test(panel.className);
  });
}

/**
 * What a key press asks of the list, or null when it is not the list's: a modifier held (Ctrl+K
 * is the palette's), an input method composing, typing into a field, or the key unknown.
 */
export function listCommand(event: KeyboardEvent): ListCommand | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING)) return null;
  const key = event.key;
  const kind = commands[key];
  if (kind) {
    if ((kind === 'up' || kind === 'down') && target?.closest(ARROW_WIDGETS)) return null;
    if (kind === 'open' && target?.closest(PRESSABLE)) return null;
    // Shift+j is not j; '?' is typed with shift on most layouts.
    if (event.shiftKey && /^[a-z]$/.test(key)) return null;
    return { kind };
  }
  if (!event.shiftKey && /^[a-z]$/.test(key)) return { kind: 'action', key: key as RowActionKey };
  return null;
}
