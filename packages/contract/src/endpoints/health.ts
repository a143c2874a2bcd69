import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

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
};
