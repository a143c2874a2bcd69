import { publicEndpoints, REGISTRATIONS_PER_HOUR } from '@console/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { submitRegistration } from './register.js';

/**
 * Endpoints a visitor may call without signing in. Registration is limited per address (shared
 * through Redis when configured, so every API process counts together), which keeps the review
 * queue free of scripted floods.
 */
export async function registerPublicRoutes(app: FastifyInstance, config: Pick<Config, 'REDIS_URL'>): Promise<void> {
  await app.register(async (scope) => {
    // bindEndpoint sets each route's config; this runs after it and before the limiter reads it.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: 3_600_000 } };
    });
    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: true })
      : undefined;
    if (redis) scope.addHook('onClose', async () => void (await redis.quit()));
    await scope.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'console-register-rl-', skipOnError: true } : {}),
      errorResponseBuilder: () => new AppError('rateLimited', { message: '提交过于频繁，请一小时后再试' }),
    });

    bindEndpoint(scope, publicEndpoints.register, async ({ body }, ctx) => {
      const created = await submitRegistration(ctx.db, body);
      ctx.audit.targetId = String(created.id);
      return { agentNo: created.agentNo, submittedAt: created.submittedAt };
    });
  });
}
