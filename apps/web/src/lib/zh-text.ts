const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z0-9]/;

/**
 * Joins phrases the way Chinese text is set in the console: a space where a Chinese character meets
 * a Latin letter or digit (新增 + IP 限制 → 新增 IP 限制; 请输入 + IP 地址 → 请输入 IP 地址), none
 * otherwise. Generated titles, buttons and placeholders go through it, so labels need no padding.
 */
export function zh(...parts: string[]): string {
  return parts.reduce((text, part) => {
    const left = text.at(-1);
    const right = part[0];
    if (!left || !right) return text + part;
    const gap = (CJK.test(left) && LATIN.test(right)) || (LATIN.test(left) && CJK.test(right));
    return gap ? `${text} ${part}` : text + part;
  }, '');
}
