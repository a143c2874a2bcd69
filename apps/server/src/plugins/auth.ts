import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Kysely } from 'kysely';
import type { Operator } from '../credentials/operator.js';
import { SessionStore } from '../credentials/sessions.js';
import { isViewAsToken, resolveViewAs } from '../credentials/view-as-sessions.js';
import type { Database } from '../db/types.js';

// What the app decorates itself and every request with (app.ts), declared here beside the
// resolver, below every floor that reads them.
declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
  interface FastifyInstance {
    db: Kysely<Database>;
    sessions: SessionStore;
    /**
     * Resolves the request's session (headers `token` / `X-Token`); null when absent or over. A
     * view-as token (`va.`) resolves to the provider's view, or throws 401110 once it is over.
     */
    authenticate(req: FastifyRequest): Promise<Operator | null>;
  }
}

/** The bearer token of a request: header `token`, else `X-Token`. Never a cookie or the URL. */
export function tokenOf(req: FastifyRequest): string | null {
  const raw = req.headers.token ?? req.headers['x-token'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.length > 0 ? value : null;
}

export function registerAuth(app: FastifyInstance, config: Config): void {
  const sessions = new SessionStore(app.db, config);
  app.decorate('sessions', sessions);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = tokenOf(req);
    if (!token) return null;
    return isViewAsToken(token) ? resolveViewAs(app.db, token) : sessions.resolve(token);
  });
}
