import { PassThrough } from 'node:stream';
import {
  type CommissionQuery,
  type EndpointDef,
  type ReportRange,
  checkCommissionEndpoint,
  commissionAgentEndpoints,
  reportEndpoints,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { shanghaiStamp } from '../../crud/export-columns.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { bindFileEndpoint } from '../../http/bind-file-endpoint.js';
import { requireOperator } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { commissionAgent, commissionAgentPage } from './commission-agents.js';
import { markCommissionMonthChecked } from './commission-months.js';
import { commissionPage, commissionReport } from './commission.js';
import type { Db } from './rollup-reads.js';
import { agentDataReport, businessReport, monthDataReport, salesReport } from './reports.js';
import {
  type Sheet,
  agentDataSheet,
  businessSheet,
  commissionSheet,
  monthDataSheet,
  salesSheet,
} from './report-sheets.js';

interface ReportDef<R, X = R> {
  endpoints: { get: EndpointDef; export: EndpointDef };
  load: (db: Db, range: ReportRange) => Promise<R>;
  /** What the export writes when it is not the screen's answer (a paged report exports all rows). */
  loadAll?: (db: Db, range: ReportRange) => Promise<X>;
  sheet: (report: X) => Sheet;
}

/** A report's figures and its .xlsx export (the same figures, audited as a read in bulk). */
function bindReport<R, X = R>(app: FastifyInstance, def: ReportDef<R, X>): void {
  bindEndpoint(app, def.endpoints.get, ({ body }, ctx) => def.load(ctx.db, body as ReportRange) as never);
  bindFileEndpoint(app, def.endpoints.export, async ({ body }, ctx) => {
    const range = body as ReportRange;
    const loadAll = def.loadAll ?? (def.load as unknown as (db: Db, range: ReportRange) => Promise<X>);
    const sheet = def.sheet(await loadAll(ctx.db, range));
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet(def.endpoints.get.summary.slice(0, 31));
    ws.addRow([`${def.endpoints.get.summary}（${range.from} 至 ${range.to}）`]).font = { bold: true };
    ws.addRow(sheet.headers).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(row);
    ws.columns.forEach((c) => (c.width = 16));
    const body$ = new PassThrough();
    const finished = workbook.xlsx.write(body$).then(() => {
      body$.end();
      return { exported: { rows: sheet.rows.length, range } };
    });
    const stamp = shanghaiStamp(new Date());
    return {
      filename: `${def.endpoints.get.summary}-${stamp}.xlsx`,
      asciiFilename: `report-${def.endpoints.get.path.split('/').pop() ?? 'data'}-${stamp}.xlsx`,
      headers: {},
      body: body$,
      finished,
    };
  });
}

/** The report screens of 报表中心 and 数据监控, read from the payment rollups. */
export function registerReports(app: FastifyInstance): void {
  bindReport(app, { endpoints: reportEndpoints.monthData, load: monthDataReport, sheet: monthDataSheet });
  bindReport(app, { endpoints: reportEndpoints.agentData, load: agentDataReport, sheet: agentDataSheet });
  bindReport(app, {
    endpoints: reportEndpoints.commission,
    load: (db, query) => commissionPage(db, query as CommissionQuery),
    loadAll: commissionReport,
    sheet: commissionSheet,
  });
  bindReport(app, { endpoints: reportEndpoints.business, load: businessReport, sheet: businessSheet });
  bindReport(app, { endpoints: reportEndpoints.sales, load: salesReport, sheet: salesSheet });

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
