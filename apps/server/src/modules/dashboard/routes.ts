import { type DashboardSummary, dashboardCardsFor, dashboardEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator } from '../../http/context.js';
import { loadDashboardSummary } from './summary.js';

/** The figures change slowly; a short cache keeps a busy 首页 from recounting large tables. */
const CACHE_MS = 15_000;

export function registerDashboardRoutes(app: FastifyInstance): void {
  const cache = new Map<string, { at: number; data: DashboardSummary }>();
  bindEndpoint(app, dashboardEndpoints.summary, async (_input, ctx) => {
    const operator = requireOperator(ctx);
    const agentId = ctx.scope.agentId;
    // Each card only with the permission of its area's screen: a role granting one screen must
    // not read every area's figures (issue 15, item 5).
    const cards = dashboardCardsFor(agentId === null ? 'platform' : 'agent', operator.permissions);
    const key = `${agentId ?? 'platform'}:${[...cards].sort().join(',')}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.data;
    const data = await loadDashboardSummary(ctx.db, { agentId, cards, now: new Date() });
    cache.set(key, { at: Date.now(), data });
    return data;
  });
}
