import {
  type EndpointDef,
  type HttpMethod,
  directRunOriginal,
  envelopeOf,
  errors,
  isDirectRun,
  permissionOf,
} from '@console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { nowIso } from '../lib/clock.js';
import { claimNamedFiles } from './file-claims.js';
import { tokenOf } from '../plugins/auth.js';
import { compressEnvelope } from '../plugins/compression.js';
import { type Operator, type RequestContext, scopeOf } from './context.js';
import { enterDirectRunScope } from './direct-run.js';
import { resourceOfPermission, writeOperationLog } from './operation-log.js';
import { admitViewAs } from './view-as-gate.js';

export interface EndpointInput<E extends EndpointDef> {
  // NonNullable: `query?`/`body?` are optional on EndpointDef, so the raw type includes undefined.
  query: NonNullable<E['query']> extends z.ZodType ? z.output<NonNullable<E['query']>> : undefined;
  body: NonNullable<E['body']> extends z.ZodType ? z.output<NonNullable<E['body']>> : undefined;
}

export type EndpointHandler<E extends EndpointDef, P = undefined> = (
  input: EndpointInput<E>,
  ctx: RequestContext,
  /** What `prepare` answered (see BindOptions). */
  prepared: P,
) => Promise<z.input<E['response']>>;

export interface BindOptions<E extends EndpointDef, P> {
  /**
   * Work before a write's transaction opens, typically asking an outside system (WeChat, a
   * payment provider): a slow remote must not hold the database (SQLite has one connection). It
   * reads through `ctx.db` outside the transaction, so the handler re-checks what can change
   * (the version). Long work that writes in transactions of its own runs here too (an import's
   * batches: src/imports/commit-batches.ts), undoing them itself on failure. A throw is logged
   * as a failed attempt like a handler's.
   */
  prepare?: (input: EndpointInput<E>, ctx: RequestContext) => Promise<P>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: EndpointDef;
  }
}

/**
 * Registers one contract endpoint: its access rule (session, audience, permission) runs before
 * the body is read, zod validates query and body, the handler's result is wrapped in the
 * envelope, and a write commits together with its operation-log row.
 */
export function bindEndpoint<E extends EndpointDef, P = undefined>(
  app: FastifyInstance,
  def: E,
  handler: EndpointHandler<E, NoInfer<P>>,
  options: BindOptions<E, P> = {},
): void {
  if (def.file) throw new Error(`${def.path} answers a file: bind it with bindFileEndpoint`);
  const methods: HttpMethod[] = typeof def.method === 'string' ? [def.method] : [...def.method];
  app.route({
    method: methods,
    url: `/api${def.path}`,
    config: { endpoint: def },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    // The envelope is compressed by one hook of ours instead of the plugin's three (compression.ts).
    compress: false,
    onSend: compressEnvelope,
    schema: {
      summary: def.summary,
      tags: [def.module],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && methods.includes('POST') ? { body: def.body } : {}),
      response: { 200: envelopeOf(def.response) },
    },
    // A callback hook: a session held in memory is checked without a promise (authorize then
    // returns nothing); only a lookup that reaches the database is waited for.
    onRequest: (req, _reply, done) => {
      let lookup: Promise<void> | undefined;
      try {
        lookup = authorize(app, def, req);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (lookup) lookup.then(() => done(), done);
      else done();
    },
    ...(isDirectRun(def) ? { preHandler: (req: FastifyRequest) => enterDirectRunScope(app, def, req) } : {}),
    handler: async (req, reply) => {
      const input = { query: req.query, body: req.body } as EndpointInput<E>;
      const prepare = options.prepare ?? (() => Promise.resolve(undefined as P));
      const data = def.write
        ? await runWrite(app, def, handler, prepare, input, req, reply)
        : await (async () => {
            const ctx = contextOf(app, req, reply);
            return handler(input, ctx, await prepare(input, ctx));
          })();
      return { errCode: errors.ok.code, errMsg: errors.ok.message, data: data ?? null };
    },
  });
}

/**
 * The access rule of an endpoint for one request. Decided at once (returns undefined, or throws)
 * when the session is in memory; otherwise the returned promise settles once it was looked up.
 */
export function authorize(app: FastifyInstance, def: EndpointDef, req: FastifyRequest): Promise<void> | undefined {
  req.operator = null;
  if (def.access === 'public') return undefined;
  const token = tokenOf(req);
  const known = token ? app.sessions.fromCache(token) : null;
  if (known !== undefined) {
    admit(def, req, known);
    return undefined;
  }
  return app.authenticate(req).then((operator) => admit(def, req, operator));
}

function admit(def: EndpointDef, req: FastifyRequest, operator: Operator | null): void {
  if (!operator) throw new AppError('notSignedIn');
  req.operator = operator;
  // First: a read-only view refuses every write as such, whatever else the route would say.
  if (operator.viewAs) admitViewAs(def, operator.viewAs);
  const isPlatform = operator.adminType === 0;
  // A password someone else set is replaced before the account does anything else with it.
  if (operator.mustChangePassword && !def.beforePasswordChange) throw new AppError('passwordChangeRequired');
  if ((def.audience === 'platform' && !isPlatform) || (def.audience === 'agent' && isPlatform)) {
    throw new AppError('forbidden');
  }
  const permission = permissionOf(def.access);
  if (permission && !operator.permissions.has(permission)) throw new AppError('forbidden');
}

export function contextOf(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, db = app.db): RequestContext {
  return {
    db,
    operator: req.operator,
    scope: req.tenantScope ?? scopeOf(req.operator),
    audit: {},
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    req,
    reply,
  };
}

async function runWrite<E extends EndpointDef, P>(
  app: FastifyInstance,
  def: E,
  handler: EndpointHandler<E, P>,
  prepare: NonNullable<BindOptions<E, P>['prepare']>,
  input: EndpointInput<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const started = performance.now();
  const record = (ctx: RequestContext, ok: boolean, errMsg: string) => ({
    operator: req.operator,
    module: def.module,
    resource: resourceOfPermission(permissionOf(directRunOriginal(def).access)),
    action: def.summary,
    method: req.method,
    path: req.routeOptions.url ?? req.url,
    params: { query: req.query, body: req.body },
    audit: ctx.audit,
    ok,
    errMsg,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    durationMs: performance.now() - started,
  });
  let outer = contextOf(app, req, reply);
  try {
    const prepared = await prepare(input, outer);
    return await app.db.transaction().execute(async (trx) => {
      const ctx = contextOf(app, req, reply, trx);
      outer = ctx;
      const result = await handler(input, ctx, prepared);
      // Uploaded files the write names are now a record's: the orphan sweep leaves them alone.
      await claimNamedFiles(trx, [req.query, req.body], nowIso());
      await writeOperationLog(trx, record(ctx, true, ''));
      return result;
    });
  } catch (err) {
    // The change rolled back; the attempt is still worth a row (who tried what, and why it failed).
    const message = err instanceof AppError ? err.message : errors.internal.message;
    await writeOperationLog(app.db, record(outer, false, message)).catch((logErr: unknown) => {
      req.log.error({ err: logErr }, 'operation log write failed');
    });
    throw err;
  }
}
