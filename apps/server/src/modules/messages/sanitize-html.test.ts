import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<p><strong>停机</strong>通知：<em>今晚</em><u>22:00</u></p><ul><li>一</li></ul><ol><li>二</li></ol><br>';
    // sanitize-html writes void elements self-closed; the same markup to a browser.
    expect(sanitizeHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts with their content and other dangerous elements', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeHtml('<SCRIPT src=x></SCRIPT>c')).toBe('c');
    expect(sanitizeHtml('<style>*{}</style><iframe src="https://x"></iframe>d')).toBe('d');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>e')).toBe('e');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>f')).toBe('f');
    expect(sanitizeHtml('<script>never closed')).toBe('');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="x" class="y">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<a href="https://a.cn" onmouseover=alert(1)>l</a>')).toBe('<a href="https://a.cn">l</a>');
  });

  it('allows only http, https and mailto links, however the scheme is disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<a href="mailto:a@b.cn" target="_blank">m</a>')).toBe(
      '<a href="mailto:a@b.cn" target="_blank" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeHtml('<a href="https://x.cn/?a=1&amp;b=2" target="_top">q</a>')).toBe(
      '<a href="https://x.cn/?a=1&amp;b=2">q</a>',
    );
  });

  it('escapes stray markup characters and keeps encoded text as text', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(sanitizeHtml('<!-- <script>x</script> -->ok')).toBe('ok');
  });

  it('closes what it opened and ignores stray closing tags', () => {
    expect(sanitizeHtml('<p><strong>a</p>b</em>')).toBe('<p><strong>a</strong></p>b');
  });

  fcTest.prop([fc.string({ maxLength: 200 })])('never lets a tag or handler outside the allow-list through', (s) => {
    const out = sanitizeHtml(s);
    const tags = [...out.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]?.toLowerCase());
    for (const t of tags)
      expect([
        'p',
        'br',
        'div',
        'span',
        'strong',
        'b',
        'em',
        'i',
        'u',
        's',
        'ul',
        'ol',
        'li',
        'blockquote',
        'h3',
        'h4',
        'a',
      ]).toContain(t);
    expect(out).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(sanitizeHtml(out)).toBe(out);
  });

  it('reads the visible text', () => {
    expect(plainTextOf('<p> </p><br>')).toBe('');
    expect(plainTextOf('<p>a&amp;b</p>')).toBe('a&b');
  });
});
