import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Per-address limit for the routes of one encapsulated scope (the sign-in endpoints): every route
 * registered in `scope` after this call gets `max` requests per minute per address. Counters are
 * shared through Redis when REDIS_URL is set, so several API processes enforce one limit.
 */
export async function limitScopePerAddress(
  scope: FastifyInstance,
  config: Pick<Config, 'REDIS_URL'>,
  maxFor: (path: string) => number,
): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads this per-route setting.
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, rateLimit: { max: maxFor(route.url), timeWindow: 60_000 } };
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  if (redis) scope.addHook('onClose', async () => void (await redis.quit()));
  await scope.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'console-login-rl-', skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError('rateLimited'),
  });
}
