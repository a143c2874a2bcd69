/** One block of an agreement as the page renders it: never HTML, only text. */
export interface AgreementBlock {
  kind: 'heading' | 'paragraph';
  text: string;
}

// 一、总则 / 第一条 / 第1章 / 1. 定义 — the numbering Chinese agreements use for their sections.
const HEADING =
  /^(第[一二三四五六七八九十百零\d]+[章条节部分]|[一二三四五六七八九十]+[、.．]|\d{1,2}[、.．]\s*\S{1,20}$)/;
const BLOCK_TAGS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'TR', 'SECTION']);

/** Text of an HTML fragment, one entry per block element, read by an inert parser (nothing runs). */
function blocksOfHtml(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, template, iframe, object').forEach((el) => el.remove());
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) lines.push(current);
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      flush();
      return;
    }
    const block = BLOCK_TAGS.has(node.tagName);
    if (block) flush();
    node.childNodes.forEach(walk);
    if (block) flush();
  };
  doc.body.childNodes.forEach(walk);
  flush();
  return lines;
}

/**
 * Turns the stored agreement (plain text or the rich text the config editor saves) into headings
 * and paragraphs of plain text. Rendering text nodes only is what makes the page safe: whatever
 * markup was stored, no tag, attribute or script reaches the document.
 */
export function agreementBlocks(content: string): AgreementBlock[] {
  const looksLikeHtml = /<[a-z][\s\S]*>/i.test(content);
  const lines = looksLikeHtml ? blocksOfHtml(content) : content.split(/\r?\n/);
  return lines
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((text) => ({ kind: text.length <= 30 && HEADING.test(text) ? 'heading' : 'paragraph', text }));
}

// 更新日期：2026 年 11 月 1 日 / 生效日期: … — a date line texts often carry under their title.
const DATE_LINE = /^(?:更新|生效|修订)日期\s*[:：]\s*(.+)$/;

/**
 * The blocks under the page's own title and date: a text's opening title line (the title, or the
 * title with the platform's name before it) and its date line are left out, as the page shows
 * both; the text's own date, when it has one, is the one the page shows.
 */
export function agreementBody(blocks: AgreementBlock[], title: string): { date?: string; blocks: AgreementBlock[] } {
  let start = 0;
  if (blocks[0]?.text.endsWith(title)) start = 1;
  const date = DATE_LINE.exec(blocks[start]?.text ?? '')?.[1];
  if (date) start += 1;
  return { ...(date ? { date } : {}), blocks: blocks.slice(start) };
}
