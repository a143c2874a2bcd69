import { z } from 'zod';
import { defineEndpoint, fileResponse } from '../endpoint.js';

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
};
