import { errorLogResource, handleErrorEndpoint, reportErrorEndpoint } from '@console/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { type ErrorSighting, NewErrorBudget, recordError } from './error-groups.js';

/** Reports one address may send per minute; a console stuck in an error loop stops here. */
export const ERROR_REPORTS_PER_MINUTE = 30;

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/**
 * The error log's writers: the console's `POST /errorLog/report` (public, rate limited per address,
 * attributed to the operator when a session header comes along) and the server's own 5xx
 * failures, both grouped by fingerprint (./error-groups.ts): one row per distinct error.
 */
export function registerErrorLog(app: FastifyInstance): void {
  const budget = new NewErrorBudget();
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, rateLimit: { max: ERROR_REPORTS_PER_MINUTE, timeWindow: 60_000 } };
    });
    await scope.register(rateLimit, { global: false, errorResponseBuilder: () => new AppError('rateLimited') });
    bindEndpoint(scope, reportErrorEndpoint, async ({ body }, ctx) => {
      // A stale or absent token is no reason to lose the report: it is then anonymous.
      const operator = await app.authenticate(ctx.req).catch(() => null);
      const sighting: ErrorSighting = {
        source: 1,
        level: body.level,
        message: body.message,
        stack: body.stack,
        url: body.url,
        requestId: '',
        adminId: operator?.id ?? null,
        agentId: operator?.agentId ?? null,
        ip: ctx.ip,
        userAgent: cut(ctx.userAgent, 300),
        appVersion: body.appVersion,
      };
      const outcome = await recordError(ctx.db, sighting, nowIso(), () => !!operator || budget.take());
      if (outcome === 'dropped') throw new AppError('rateLimited');
      return null;
    });
  });

  app.addHook('onError', async (req, _reply, err) => {
    if (err instanceof AppError) return;
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return;
    const sighting: ErrorSighting = {
      source: 2,
      level: 3,
      message: cut(err.message || err.name, 1000),
      stack: cut(err.stack ?? '', 8000),
      // The route's pattern, not the address: one failing route is one error whatever its query.
      url: cut(`${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`, 500),
      requestId: req.id,
      adminId: req.operator?.id ?? null,
      agentId: req.operator?.agentId ?? null,
      ip: req.ip,
      userAgent: cut(req.headers['user-agent'] ?? '', 300),
      appVersion: '',
    };
    await recordError(app.db, sighting, nowIso(), () => !!req.operator || budget.take()).catch((logErr: unknown) =>
      req.log.error({ err: logErr }, 'error log write failed'),
    );
  });

  bindEndpoint(app, handleErrorEndpoint, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const before = await ctx.db.selectFrom('errorLog').where('id', '=', id).selectAll().executeTakeFirst();
    if (!before) throw new AppError('recordNotFound');
    const row = await ctx.db
      .updateTable('errorLog')
      .set((eb) => ({ handled: 1, version: eb('version', '+', 1), updatedAt: nowIso() }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'handled', before: before.handled, after: 1 }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: errorLogResource.name,
      agentId: null,
      ids: [String(id)],
      action: 'update',
    });
    const wire = (v: number | null) => (v === null ? null : String(v));
    const { fingerprint: _internal, ...shown } = row;
    const admin =
      row.adminId === null
        ? undefined
        : await ctx.db.selectFrom('admin').select('name').where('id', '=', row.adminId).executeTakeFirst();
    return {
      ...shown,
      adminName: admin?.name ?? null,
      id: String(row.id),
      adminId: wire(row.adminId),
      agentId: wire(row.agentId),
      firstSeenAt: row.createdAt,
    };
  });
}
