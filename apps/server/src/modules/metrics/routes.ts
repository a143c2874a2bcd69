import { createHash, timingSafeEqual } from 'node:crypto';
import { healthEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';

const BEARER = /^Bearer (.+)$/i;

/** SHA-256 first, so the comparison takes the same time whatever the length of what was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * GET /api/metrics: this process's series in Prometheus text format. Not a session endpoint, so
 * it is not bound with bindEndpoint (no envelope on success); refusals still answer the envelope.
 * Without METRICS_TOKEN configured it answers exactly as an unknown route does.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  const def = healthEndpoints.metrics;
  const expected = token ? digest(token) : null;
  app.route({
    method: 'GET',
    url: `/api${def.path}`,
    config: { endpoint: def },
    schema: {
      summary: def.summary,
      description:
        '成功时返回 Prometheus 文本（text/plain），须带 Authorization: Bearer <METRICS_TOKEN>；未配置 METRICS_TOKEN 时为 404；失败时返回信封 {errCode, errMsg, data}。',
      tags: [def.module],
    },
    handler: async (req, reply) => {
      if (!expected) throw new AppError('endpointNotFound');
      const given = BEARER.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) throw new AppError('metricsTokenInvalid');
      const text = await app.metrics.registry.metrics();
      // Every scrape is fresh; no cache in between keeps an old figure.
      return reply.type(app.metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
    },
  });
}
