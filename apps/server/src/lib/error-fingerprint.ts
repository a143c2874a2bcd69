import { createHash } from 'node:crypto';

/**
 * What makes two error reports the same error: where they come from (console or server), the
 * message, the top stack frame and the page's path (no query, no fragment). The same bug seen by
 * a thousand operators is one error-log row with a count.
 */
export function errorFingerprint(source: number, message: string, stack: string, url: string): string {
  return createHash('sha256')
    .update([source, message, topFrame(stack), urlPath(url)].join('\n'))
    .digest('hex')
    .slice(0, 40);
}

/** The first line of a stack that names a frame (V8's `at …`, Firefox/Safari's `fn@file:1:2`). */
export function topFrame(stack: string): string {
  for (const line of stack.split('\n').slice(0, 50)) {
    const s = line.trim();
    if (s.startsWith('at ') || /@\S+:\d+/.test(s)) return s.slice(0, 300);
  }
  return '';
}

/** The path of a page address (a server error's `METHOD /path`: the same without the query). */
export function urlPath(url: string): string {
  return url.split(/[?#]/)[0]!.slice(0, 300);
}
