import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { SessionStore } from '../credentials/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
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
    return token ? sessions.resolve(token) : null;
  });
}
