import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../lib/app-error.js';

/** Fatal, unlike Buffer#toString: bytes that are not UTF-8 refuse the body instead of becoming U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * How request bodies are read before validation:
 * - An empty JSON body (`Content-Type: application/json` and nothing, or only whitespace) is no
 *   body, and a POST without a body is `{}`: many HTTP clients send exactly that for calls that
 *   take none or only optional fields (logout, mark read), and the endpoint's schema decides
 *   whether anything was required. Fastify's parser refused it with 400 before.
 * - Text with a NUL character is refused (400100 on the field): PostgreSQL cannot store it in
 *   text and answered with a data error, SQLite would store it, and no form can type it.
 * - A body that is not valid UTF-8 is refused (400100): decoded leniently, a name sent in GBK
 *   was stored as `��坏`, and the sender never knew.
 * `__proto__` and `constructor.prototype` keys stay refused by the default parser.
 */
export function registerRequestBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(new AppError('validation', { message: '提交的内容不是有效的 UTF-8 文本，请以 UTF-8 编码提交' }));
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    // The default parser is callback-style here (it calls `done`); its return value is nothing to await.
    void parseJson(req, text, done);
  });
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    if (req.method === 'POST' && req.body === undefined) req.body = {};
    const bad = nulPath(req.body, 'body') ?? nulPath(req.query, 'query');
    done(bad ? fieldError(bad.replace(/^(body|query)\.?/, '') || '_', '不能包含空字符') : undefined);
  });
}

/** The dotted path of the first string or key holding U+0000, walking without recursion. */
function nulPath(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  let visited = 0;
  while (stack.length > 0 && visited < 100_000) {
    const [v, path] = stack.pop()!;
    visited += 1;
    if (typeof v === 'string') {
      if (v.includes('\0')) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}.${i}`]));
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\0')) return path;
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}
