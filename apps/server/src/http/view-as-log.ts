import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { writeOperationLog } from './operation-log.js';

/** Action of a row for a write a read-only view refused. */
export const VIEW_AS_REFUSED_ACTION = '只读查看中被拒绝';

/**
 * Every request of a 以服务商身份查看 session lands in the operation log with both identities
 * (writeOperationLog adds the admin and the reason). Writes log themselves (bind-endpoint's
 * runWrite), as do audited reads (exports) and 403001 refusals (refusal-log.ts); this adds the
 * rest: each read once answered, and each write the view refused (403110) before it ran.
 */
export function registerViewAsLog(app: FastifyInstance): void {
  const failures = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', async (req, reply, err) => {
    const viewAs = req.operator?.viewAs;
    const endpoint = req.routeOptions.config.endpoint;
    if (!viewAs || !endpoint) return;
    const message = err instanceof AppError ? err.message : '请求失败';
    if (!(err instanceof AppError && err.kind === 'viewAsReadOnly')) {
      failures.set(req, message);
      return;
    }
    await log(app, req, {
      action: `${VIEW_AS_REFUSED_ACTION}：${endpoint.summary}`,
      ok: false,
      errMsg: message,
      durationMs: reply.elapsedTime,
    });
  });
  app.addHook('onResponse', async (req, reply) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!req.operator?.viewAs || !endpoint || endpoint.write || endpoint.auditRead) return;
    const errMsg = failures.get(req);
    const ok = reply.statusCode < 400 && errMsg === undefined;
    await log(app, req, {
      action: endpoint.summary,
      ok,
      errMsg: ok ? '' : (errMsg ?? '请求失败'),
      durationMs: reply.elapsedTime,
    });
  });
}

async function log(
  app: FastifyInstance,
  req: FastifyRequest,
  r: { action: string; ok: boolean; errMsg: string; durationMs: number },
): Promise<void> {
  const endpoint = req.routeOptions.config.endpoint;
  if (!endpoint) return;
  await writeOperationLog(app.db, {
    operator: req.operator,
    module: endpoint.module,
    action: r.action,
    method: req.method,
    path: req.routeOptions.url ?? req.url,
    params: { query: req.query, body: req.body },
    audit: {},
    ok: r.ok,
    errMsg: r.errMsg,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    durationMs: r.durationMs,
  }).catch((err: unknown) => {
    req.log.error({ err }, 'operation log write failed');
  });
}
