import type {
  CommissionFilter,
  CommissionQuery,
  CommissionReport,
  CommissionRow,
  ReportRange,
} from '@console/contract';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { CommissionMonthTable } from '../../db/tables/reports.js';
import type { Database } from '../../db/types.js';
import { anomaliesOfFlags } from './commission-rules.js';
import { toDbId } from '../../lib/ids.js';
import { type Db, agentNames, monthsOf } from './rollup-reads.js';

// 佣金监控 reads the provider-months kept by commission-months.ts (commission, usual and anomaly
// flags already computed): a page is one indexed ORDER BY … LIMIT, and the total, the open
// anomalies and the chart's per-month commission one GROUP BY month over the range.

/** The filters the report and its export take; a bare range is the unfiltered report. */
type Filter = ReportRange & Partial<Omit<CommissionFilter, 'from' | 'to'>>;

type Months = SelectQueryBuilder<Database, 'commissionMonth', object>;

/** The range's months, of one provider when filtered: what the chart and the open anomalies count. */
function rangeMonths(db: Db, filter: Filter, months: string[]): Months {
  let q = db.selectFrom('commissionMonth').where('month', '>=', months[0]!).where('month', '<=', months.at(-1)!);
  if (filter.agentId !== undefined) q = q.where('agentId', '=', toDbId(filter.agentId));
  return q;
}

/** The rows the list shows: the range's months narrowed by 只看异常 and 核对状态 (a condition, so it counts too). */
function listedCondition(filter: Filter) {
  const parts = [sql`1 = 1`];
  if (filter.onlyAnomalies) parts.push(sql`flags <> 0`);
  if (filter.checked !== undefined) parts.push(sql`checked = ${filter.checked === 'checked' ? 1 : 0}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

const listed = (q: Months, filter: Filter): Months => q.where(listedCondition(filter));

/** Each order of the screen; ties go to the newest month, then the provider number (one index each, 0215). */
function ordered(q: Months, sort: Filter['sort']): Months {
  if (sort === 'commission') q = q.orderBy('commission', 'desc');
  else if (sort !== 'month') q = q.orderBy('rank');
  return q.orderBy('month', 'desc').orderBy('agentId');
}

/** What a row of the screen is made from: a stored provider-month without its rank. */
type StoredMonth = Omit<CommissionMonthTable, 'rank'>;

function selectRows(q: Months) {
  return q.select(['agentId', 'month', 'base', 'commission', 'rateBp', 'usual', 'flags', 'checked']);
}

/** Stored provider-months as the screen's rows: names and check notes are read for these only. */
async function rowsOf(db: Db, stored: StoredMonth[]): Promise<CommissionRow[]> {
  const ids = [...new Set(stored.map((r) => Number(r.agentId)))];
  const names = await agentNames(db, ids);
  const checkedMonths = [...new Set(stored.filter((r) => r.checked === 1).map((r) => r.month))];
  const checks =
    checkedMonths.length === 0
      ? []
      : await db
          .selectFrom('commissionCheck')
          .select(['agentId', 'month', 'note', 'checkedBy', 'checkedAt'])
          .where('agentId', 'in', ids)
          .where('month', 'in', checkedMonths)
          .execute();
  const checkOf = new Map(checks.map((c) => [`${Number(c.agentId)}|${c.month}`, c]));
  return stored.map((r) => {
    const check = checkOf.get(`${Number(r.agentId)}|${r.month}`);
    return {
      agentId: String(r.agentId),
      agentName: names.get(Number(r.agentId)) ?? `服务商 ${r.agentId}`,
      month: r.month,
      base: Number(r.base),
      rateBp: r.rateBp,
      commission: Number(r.commission),
      usual: r.usual === null ? null : Number(r.usual),
      anomalies: anomaliesOfFlags(r.flags),
      checked: check ? { note: check.note, checkedBy: check.checkedBy, checkedAt: check.checkedAt } : null,
    };
  });
}

/** Every row matching the filters, in the screen's order: the export and the tests. */
export async function commissionReport(db: Db, filter: Filter): Promise<{ rows: CommissionRow[] }> {
  const months = monthsOf(filter);
  const stored = await selectRows(ordered(listed(rangeMonths(db, filter, months), filter), filter.sort)).execute();
  return { rows: await rowsOf(db, stored) };
}

/** One page of the report, its total, the open anomalies and the per-month series for the chart. */
export async function commissionPage(db: Db, query: CommissionQuery): Promise<CommissionReport> {
  const months = monthsOf(query);
  const [page, perMonth] = await Promise.all([
    selectRows(ordered(listed(rangeMonths(db, query, months), query), query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    rangeMonths(db, query, months)
      .select([
        'month',
        sql<number>`sum(commission)`.as('commission'),
        sql<number>`sum(case when ${listedCondition(query)} then 1 else 0 end)`.as('listed'),
        sql<number>`sum(case when rank = 0 then 1 else 0 end)`.as('open'),
      ])
      .groupBy('month')
      .execute(),
  ]);
  const byMonth = new Map(months.map((m) => [m, 0]));
  let total = 0;
  let openAnomalies = 0;
  for (const m of perMonth) {
    byMonth.set(m.month, Number(m.commission));
    total += Number(m.listed);
    openAnomalies += Number(m.open);
  }
  return {
    rows: await rowsOf(db, page),
    total,
    openAnomalies,
    byMonth: [...byMonth].map(([month, commission]) => ({ month, commission })),
  };
}
