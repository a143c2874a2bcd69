import type { Readable } from 'node:stream';
import { type EndpointDef, type HttpMethod, errors } from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { type EndpointHandler, authorize, contextOf } from './bind-endpoint.js';
import { enterDirectRunScope } from './direct-run.js';
import type { RequestContext } from './context.js';
import { writeOperationLog } from './operation-log.js';

/** What a file endpoint's handler answers once it knows the request will succeed. */
export interface FileAnswer {
  /** The name the browser saves the file under (UTF-8). */
  filename: string;
  /** An ASCII stand-in for clients that ignore `filename*`. */
  asciiFilename: string;
  /** Further headers known before the first byte (row count, truncation). */
  headers: Record<string, string>;
  body: Readable;
  /**
   * Settles once the body is complete: resolves with what the operation log adds to the request
   * (rows written…), rejects when producing it failed midway.
   */
  finished: Promise<Record<string, unknown>>;
}

export type FileHandler<E extends EndpointDef> = (
  input: Parameters<EndpointHandler<E>>[0],
  ctx: RequestContext,
) => Promise<FileAnswer>;

/**
 * Registers a contract endpoint whose success is a file (`def.file`), e.g. an .xlsx export. The
 * same access rule and validation as `bindEndpoint` run first, so a refusal still answers with the
 * envelope (403001, 400100); once the handler answers, the file streams. With `def.auditRead` the
 * operation log gets a row when the file is complete (or failed), since a read of data in bulk is
 * worth knowing about even though it changes nothing.
 */
export function bindFileEndpoint<E extends EndpointDef>(app: FastifyInstance, def: E, handler: FileHandler<E>): void {
  const file = def.file;
  if (!file) throw new Error(`${def.path} answers the envelope: bind it with bindEndpoint`);
  const methods: HttpMethod[] = typeof def.method === 'string' ? [def.method] : [...def.method];
  app.route({
    method: methods,
    url: `/api${def.path}`,
    config: { endpoint: def },
    schema: {
      summary: def.summary,
      description: `成功时返回文件（${file.mediaType}）；失败时返回信封 {errCode, errMsg, data}。`,
      tags: [def.module],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && methods.includes('POST') ? { body: def.body } : {}),
    },
    onRequest: async (req) => {
      await authorize(app, def, req);
      await enterDirectRunScope(app, def, req);
    },
    handler: async (req, reply) => {
      const started = performance.now();
      const ctx = contextOf(app, req, reply);
      const audit = (ok: boolean, errMsg: string, outcome: Record<string, unknown>) =>
        def.auditRead ? logRead(app, def, req, ctx, { ok, errMsg, outcome, started }) : Promise.resolve();
      let answer: FileAnswer;
      try {
        answer = await handler({ query: req.query, body: req.body } as Parameters<EndpointHandler<E>>[0], ctx);
      } catch (err) {
        await audit(false, messageOf(err), {});
        throw err;
      }
      void answer.finished.then(
        (outcome) => audit(true, '', outcome),
        (err: unknown) => {
          req.log.warn({ err }, 'file answer stopped midway');
          return audit(false, messageOf(err), {});
        },
      );
      void reply
        .header('Content-Type', file.mediaType)
        .header('Content-Disposition', contentDisposition(answer.filename, answer.asciiFilename))
        // Exports carry business data: no shared or browser cache keeps a copy.
        .header('Cache-Control', 'no-store')
        .headers(answer.headers);
      return reply.send(answer.body);
    },
  });
}

function messageOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return err instanceof Error && err.message ? err.message : errors.internal.message;
}

async function logRead(
  app: FastifyInstance,
  def: EndpointDef,
  req: FastifyRequest,
  ctx: RequestContext,
  r: { ok: boolean; errMsg: string; outcome: Record<string, unknown>; started: number },
): Promise<void> {
  await writeOperationLog(app.db, {
    operator: req.operator,
    module: def.module,
    action: def.summary,
    method: req.method,
    path: req.routeOptions.url ?? req.url,
    params: { query: req.query, body: req.body, ...r.outcome },
    audit: ctx.audit,
    ok: r.ok,
    errMsg: r.errMsg,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    durationMs: performance.now() - r.started,
  }).catch((err: unknown) => {
    req.log.error({ err }, 'operation log write failed');
  });
}

/** RFC 6266: a quoted ASCII name for old clients and the UTF-8 name as `filename*`. */
export function contentDisposition(filename: string, asciiFilename: string): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const ascii = asciiFilename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
