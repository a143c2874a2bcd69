/**
 * Rich-text sanitiser for system messages: an allow-list of our own, applied on the server
 * before storing, so whatever the compose form (or a forged request) sends, the console only
 * ever renders plain formatting. Anything not allowed is dropped; text is re-escaped.
 */

/** Tags kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  div: [],
  span: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  h3: [],
  h4: [],
  a: ['href', 'title', 'target'],
};
const VOID = new Set(['br']);
/** Tags whose whole content goes with them (code or invisible text, never message prose). */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'textarea',
  'noscript',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);
const SAFE_URL = /^(https?:|mailto:)/i;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

function isControlOrSpace(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, raw: string): string {
  const allowed = ALLOWED[tag] ?? [];
  if (allowed.length === 0) return '';
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const m of raw.matchAll(ATTR)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (name === 'href') {
      // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
      const compact = [...value].filter((ch) => !isControlOrSpace(ch.codePointAt(0) ?? 0)).join('');
      if (!SAFE_URL.test(compact)) continue;
      kept.push(`href="${escapeAttr(value.trim())}"`);
    } else if (name === 'target') {
      if (value !== '_blank') continue;
      kept.push('target="_blank" rel="noopener noreferrer"');
    } else {
      kept.push(`${name}="${escapeAttr(value)}"`);
    }
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|</g;

export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  for (const m of input.matchAll(TOKEN)) {
    const at = m.index;
    if (dropping === null && at > last) out.push(escapeText(decodeEntities(input.slice(last, at))));
    last = at + m[0].length;
    const rawName = m[1];
    if (rawName === undefined) {
      // A lone "<", a comment, a doctype or a processing instruction.
      if (m[0] === '<' && dropping === null) out.push('&lt;');
      continue;
    }
    const name = rawName.toLowerCase();
    const closing = m[0][1] === '/';
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(m[2] ?? '')) dropping = name;
      continue;
    }
    if (!(name in ALLOWED)) continue;
    if (closing) {
      const idx = open.lastIndexOf(name);
      if (idx === -1) continue;
      while (open.length > idx) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    out.push(`<${name}${cleanAttributes(name, m[2] ?? '')}>`);
    open.push(name);
  }
  if (dropping === null && last < input.length) out.push(escapeText(decodeEntities(input.slice(last))));
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The visible text of sanitised HTML: to refuse a message that is only empty tags. */
export function plainTextOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
