import { z } from 'zod';
import { defineEndpoint, fileResponse } from '../endpoint.js';

/**
 * One dependency as the readiness check found it: 'off' when this installation does not use it
 * (no REDIS_URL, no DEVICE_MQTT_URL), 'failed' when it did not answer within the check's bound.
 */
export const readinessCheck = z.enum(['ok', 'off', 'failed']);
export const readinessChecks = z.object({ database: readinessCheck, redis: readinessCheck, broker: readinessCheck });
export type ReadinessChecks = z.infer<typeof readinessChecks>;

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    audience: 'any',
    summary: '健康检查',
    module: '系统',
    write: false,
    response: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), time: z.string() }),
  }),
  /**
   * This process's counters in Prometheus text format, for a scraper holding METRICS_TOKEN
   * (`Authorization: Bearer …`); no session. Without METRICS_TOKEN configured it answers 404.
   */
  metrics: defineEndpoint({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    audience: 'any',
    summary: '运行指标（Prometheus）',
    module: '系统',
    write: false,
    response: fileResponse,
    file: { mediaType: 'text/plain; version=0.0.4; charset=utf-8' },
  }),
  /** For a load balancer: 503 (notReady or draining, the checks in `data`) takes the process out of rotation. */
  ready: defineEndpoint({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    audience: 'any',
    summary: '就绪检查',
    module: '系统',
    write: false,
    response: z.object({ status: z.literal('ready'), checks: readinessChecks }),
  }),
};
