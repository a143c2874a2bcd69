import { afterEach, describe, expect, it } from 'vitest';
import { listCommand, overlayOpen } from './list-key-map';

function keyOn(target: Element, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function place(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.querySelector<HTMLElement>('[data-at]') ?? document.body;
}

describe('the list keys', () => {
  afterEach(() => void (document.body.innerHTML = ''));

  it('reads the list keys and a row action letter; a held modifier or shifted letter is not the list’s', () => {
    const body = place('<div></div>');
    expect(listCommand(keyOn(body, 'j'))).toEqual({ kind: 'down' });
    expect(listCommand(keyOn(body, 'ArrowUp'))).toEqual({ kind: 'up' });
    expect(listCommand(keyOn(body, '?', { shiftKey: true }))).toEqual({ kind: 'help' });
    expect(listCommand(keyOn(body, 'a'))).toEqual({ kind: 'action', key: 'a' });
    expect(listCommand(keyOn(body, 'k', { ctrlKey: true }))).toBeNull();
    expect(listCommand(keyOn(body, 'a', { metaKey: true }))).toBeNull();
    expect(listCommand(keyOn(body, 'A', { shiftKey: true }))).toBeNull();
    expect(listCommand(keyOn(body, 'F5'))).toBeNull();
    expect(listCommand(keyOn(body, 'j', { isComposing: true }))).toBeNull();
  });

  it('never fires while typing in an input, textarea, select or editable text', () => {
    for (const html of [
      '<input data-at>',
      '<textarea data-at></textarea>',
      '<select data-at><option>1</option></select>',
      '<div contenteditable="true"><p data-at>文字</p></div>',
    ]) {
      const target = place(html);
      for (const key of ['j', 'x', '/', ']', 'a', 'Enter']) expect(listCommand(keyOn(target, key))).toBeNull();
    }
    // A ticked checkbox has the focus, not a text: the keys go on working.
    expect(listCommand(keyOn(place('<input type="checkbox" data-at>'), 'j'))).toEqual({ kind: 'down' });
  });

  it('leaves Enter to a button and arrows to tabs and menus', () => {
    expect(listCommand(keyOn(place('<button data-at>通过</button>'), 'Enter'))).toBeNull();
    expect(listCommand(keyOn(place('<button data-at>通过</button>'), 'j'))).toEqual({ kind: 'down' });
    expect(
      listCommand(keyOn(place('<div role="tablist"><div role="tab" data-at></div></div>'), 'ArrowDown')),
    ).toBeNull();
    expect(listCommand(keyOn(place('<table><tr data-at tabindex="-1"></tr></table>'), 'Enter'))).toEqual({
      kind: 'open',
    });
  });

  it('sees an open modal or drawer, not a closed or closing one', () => {
    place('<div class="ant-modal-wrap" style="display: none"><div class="ant-modal"></div></div>');
    expect(overlayOpen(document)).toBe(false);
    place('<div class="ant-modal-wrap"><div class="ant-modal ant-zoom-leave ant-zoom-leave-active"></div></div>');
    expect(overlayOpen(document)).toBe(false);
    place('<div class="ant-modal-wrap"><div class="ant-modal"></div></div>');
    expect(overlayOpen(document)).toBe(true);
    place('<div class="ant-drawer ant-drawer-open"></div>');
    expect(overlayOpen(document)).toBe(true);
    place('<div class="ant-popover ant-popover-hidden"></div>');
    expect(overlayOpen(document)).toBe(false);
  });
});
