import sanitize from 'sanitize-html';

/**
 * Rich-text sanitiser for system messages and agreements, applied on the server before storing,
 * so whatever the compose form (or a forged request) sends, the console only ever renders plain
 * formatting. The parsing is sanitize-html's (htmlparser2, the way browsers tokenise); what is
 * ours is the allow-list below. Anything not allowed is dropped; text is re-escaped.
 */

/** Tags kept; only links carry attributes. */
const allowedTags = [
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
];

/** Tags whose whole content goes with them (code or invisible text, never message prose). */
const dropWithContent = [
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
  'option',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

/**
 * Only absolute http(s) and mailto links: no relative ones either, since a message is read on
 * pages whose paths it cannot know. sanitize-html checks the scheme as well (allowedSchemes),
 * after stripping the control characters browsers ignore inside one ("java\tscript:").
 */
const safeHref = /^(https?:|mailto:)/i;

const options: sanitize.IOptions = {
  allowedTags,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: dropWithContent,
  transformTags: {
    // A link opens in the same tab or in a new one, and a new one never gets `window.opener`.
    a: (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      const href = attribs.href?.trim();
      if (href && safeHref.test(href)) kept.href = href;
      if (attribs.title !== undefined) kept.title = attribs.title;
      if (attribs.target === '_blank') {
        kept.target = '_blank';
        kept.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: kept };
    },
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(input, options);
}

/**
 * The visible text of sanitised HTML (sanitizeHtml's output): to refuse a message that is only
 * empty tags. In that output every `<` starts a tag and the only entities are the four its
 * escaping writes, so both are undone without a second parser.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
