import { sql } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import type { Db } from './rollup-reads.js';

// 佣金监控's 服务商 filter, served under the report's own permission: only the providers the report
// can show a row for (a provider-month in commission_month: a rate, or store payments), and only
// their number and name: the provider list's other fields stay behind the provider-list grant.

type Query = ReturnType<typeof scoped>;

function scoped(db: Db) {
  return db
    .selectFrom('agent')
    .select(['agent.id', 'agent.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('commissionMonth as m')
          .select(sql`1`.as('one'))
          .whereRef('m.agentId', '=', 'agent.id'),
      ),
    );
}

const optionOf = (r: { id: number; name: string }) => ({ id: String(r.id), name: r.name });

/** One page of the providers, searched by name, in number order. */
export async function commissionAgentPage(db: Db, q: { offset: number; size: number; keyword?: string }) {
  let query: Query = scoped(db);
  if (q.keyword) query = query.where('agent.name', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`);
  const [rows, count] = await Promise.all([
    query
      .orderBy('agent.id')
      .limit(q.size)
      .offset((q.offset - 1) * q.size)
      .execute(),
    // Providers are hundreds to a few thousand: counted, not capped.
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), list: rows.map(optionOf) };
}

/** One provider's name, to label a chosen filter value that is not on the page shown. */
export async function commissionAgent(db: Db, id: string) {
  const row = await scoped(db).where('agent.id', '=', toDbId(id)).executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return optionOf(row);
}
