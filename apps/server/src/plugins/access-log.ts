import type { FastifyInstance } from 'fastify';
import './auth.js';

// Query parameters whose values never reach the log (one-time websocket tickets, and the
// signature of a link to a private file, included).
const SECRET_PARAM =
  /pass(word)?|psw|token|ticket|secret|captcha|^code$|credential|api_?key|access_?key|^sign$|^sig$|signature/i;

/**
 * A query of plain `key=value` pairs whose characters URLSearchParams writes back unchanged (no
 * escapes, no `+`, no empty or bare keys): its keys can be read without decoding, and when none is
 * secret the query is logged as it came, just as the round trip below would write it.
 */
const PLAIN_QUERY = /^[\w.*-]+=[\w.*-]*(?:&[\w.*-]+=[\w.*-]*)*$/;

/** The request path with secret-looking query values masked; the rest of the query kept for debugging. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1);
  if (
    PLAIN_QUERY.test(query) &&
    !query.split('&').some((pair) => SECRET_PARAM.test(pair.slice(0, pair.indexOf('='))))
  ) {
    return url;
  }
  const params = new URLSearchParams(query);
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) params.set(key, '***');
  }
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/**
 * One structured line per request, written when the response has gone: method, path (secrets
 * masked), status, duration and the operator. Headers and bodies are never logged, so tokens,
 * cookies and passwords cannot leak through it; the request id comes from the request's logger.
 */
export function registerAccessLog(app: FastifyInstance): void {
  // A callback hook: writing the line never waits, so no promise per request.
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const line = {
      method: req.method,
      url: loggableUrl(req.url),
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      // Set by endpoints that need a session; absent on public routes and static files.
      operatorId: req.operator?.id,
      ip: req.ip,
    };
    if (status >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
    done();
  });
}
