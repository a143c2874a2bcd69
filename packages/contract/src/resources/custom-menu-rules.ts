/**
 * WeChat's rules for an official account's custom menu (创建自定义菜单, cgi-bin/menu/create),
 * shared by the server's validation and the console's editor so both refuse the same menus:
 * - `button` holds 1–3 top-level buttons; a top-level `sub_button` holds 1–5 sub-buttons, and a
 *   button with sub-buttons carries no action of its own.
 * - `name`: at most 16 bytes for a top-level button and 60 bytes for a sub-button, counted in
 *   UTF-8 (a Chinese character is 3 bytes, an ASCII letter 1). WeChat answers 40018 (invalid
 *   button name size) beyond that.
 * - `key` (click) at most 128 bytes; `url` (view, and the mini-program's fallback page) at most
 *   1024 bytes; a mini-program button needs `appid`, `pagepath` and `url` (old clients open it).
 * - Display: WeChat shows about 4 Chinese characters of a top-level name and 8 of a sub-button's
 *   and replaces the rest with "…". Longer names within the byte limits are accepted but cut
 *   off on the phone; the editor warns and its preview cuts them the same way.
 */
export const MENU_LIMITS = {
  topButtons: 3,
  subButtons: 5,
  topNameBytes: 16,
  subNameBytes: 60,
  keyBytes: 128,
  urlBytes: 1024,
  /** Display width WeChat shows before "…", in half-width units (a Chinese character is 2). */
  topDisplayWidth: 8,
  subDisplayWidth: 16,
} as const;

/** Length in UTF-8 bytes, as WeChat counts names, keys and URLs. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const widthOf = (ch: string) => ((ch.codePointAt(0) ?? 0) < 0x80 ? 1 : 2);

/** Display width in half-width units: ASCII counts 1, anything wider (Chinese, emoji) counts 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += widthOf(ch);
  return width;
}

/** A name as the phone shows it: cut to the display width with "…" when longer. */
export function displayedName(text: string, maxWidth: number): string {
  if (displayWidth(text) <= maxWidth) return text;
  let width = 0;
  let out = '';
  for (const ch of text) {
    if (width + widthOf(ch) > maxWidth - 1) break;
    width += widthOf(ch);
    out += ch;
  }
  return `${out}…`;
}

/** The byte limit of a button name and its message, e.g. 一级菜单名称最多 16 字节（…约 5 个汉字）. */
export function nameLimit(level: 'top' | 'sub'): { bytes: number; message: string } {
  const bytes = level === 'top' ? MENU_LIMITS.topNameBytes : MENU_LIMITS.subNameBytes;
  const what = level === 'top' ? '一级菜单' : '子菜单';
  return { bytes, message: `${what}名称最多 ${bytes} 字节（一个汉字占 3 字节，约 ${Math.floor(bytes / 3)} 个汉字）` };
}
