import { checkCommissionEndpoint, commissionAgentEndpoints, reportEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { bindReport } from '../../http/bind-report.js';
import { requireOperator } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { commissionAgent, commissionAgentPage } from './commission-agents.js';
import { markCommissionMonthChecked } from './commission-months.js';
import { commissionPage, commissionReport } from './commission.js';
import { agentDataReport, businessReport, monthDataReport, salesReport } from './reports.js';
import { agentDataSheet, businessSheet, commissionSheet, monthDataSheet, salesSheet } from './report-sheets.js';

/** The report screens of 报表中心 and 数据监控, read from the payment rollups. */
export function registerReports(app: FastifyInstance): void {
  const { monthData, agentData, commission, business, sales } = reportEndpoints;
  bindReport(app, { endpoints: monthData, load: monthDataReport, loadAll: monthDataReport, sheet: monthDataSheet });
  bindReport(app, { endpoints: agentData, load: agentDataReport, loadAll: agentDataReport, sheet: agentDataSheet });
  // The screen pages the commission rows; the export writes every matching row.
  bindReport(app, { endpoints: commission, load: commissionPage, loadAll: commissionReport, sheet: commissionSheet });
  bindReport(app, { endpoints: business, load: businessReport, loadAll: businessReport, sheet: businessSheet });
  bindReport(app, { endpoints: sales, load: salesReport, loadAll: salesReport, sheet: salesSheet });

  bindEndpoint(app, commissionAgentEndpoints.page, ({ body }, ctx) => commissionAgentPage(ctx.db, body));
  bindEndpoint(app, commissionAgentEndpoints.get, ({ query }, ctx) => commissionAgent(ctx.db, query.id));

  bindEndpoint(app, checkCommissionEndpoint, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const agentId = toDbId(body.agentId);
    const agent = await ctx.db.selectFrom('agent').select('id').where('id', '=', agentId).executeTakeFirst();
    if (!agent) throw fieldError('agentId', '服务商不存在');
    const row = { note: body.note, checkedBy: operator.name || operator.loginName, checkedAt: nowIso() };
    const before = await ctx.db
      .selectFrom('commissionCheck')
      .select(['id', 'note'])
      .where('agentId', '=', agentId)
      .where('month', '=', body.month)
      .executeTakeFirst();
    await ctx.db
      .insertInto('commissionCheck')
      .values({ agentId, month: body.month, ...row })
      .onConflict((oc) => oc.columns(['agentId', 'month']).doUpdateSet(row))
      .execute();
    // The month leaves the open anomalies (its rank in 异常优先) in the write's transaction.
    await markCommissionMonthChecked(ctx.db, agentId, body.month);
    ctx.audit.targetId = `${body.agentId}:${body.month}`;
    ctx.audit.changes = [{ field: 'note', before: before?.note ?? null, after: body.note }];
    return row;
  });
}
