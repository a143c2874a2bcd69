import { healthEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { DatabaseKind } from '../../db/open.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { registerReadinessRoute } from './ready.js';

export function registerHealthRoutes(app: FastifyInstance, kind: DatabaseKind, config: Config): void {
  bindEndpoint(app, healthEndpoints.health, async (_input, ctx) => {
    try {
      await sql`select 1`.execute(ctx.db);
    } catch (err) {
      ctx.req.log.error({ err }, 'health: database unreachable');
      throw new AppError('unavailable');
    }
    return { status: 'ok' as const, database: kind, time: new Date().toISOString() };
  });
  registerReadinessRoute(app, config);
}
