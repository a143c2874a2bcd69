import type { FastifyInstance } from 'fastify';
import '../http/context.js';

// Query parameters whose values never reach the log (one-time websocket tickets included).
const SECRET_PARAM =
  /pass(word)?|psw|token|ticket|secret|captcha|^code$|credential|api_?key|access_?key|^sign$|signature/i;

/** The request path with secret-looking query values masked; the rest of the query kept for debugging. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
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
  app.addHook('onResponse', async (req, reply) => {
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
  });
}
