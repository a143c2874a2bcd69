import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

// 门店员工's statistics cards (total, active, expired, expiring within 30 days) aggregated every
// staff row: at 100 000 stores a million rows, ~250 ms on SQLite, during which its synchronous
// driver held every other request (issue 16's bench). The cards only need how many staff share a
// due date and status, so triggers keep those counts, per provider and platform-wide; the cards
// then sum at most a few thousand rows (a provider's own few hundred). Counts never go below
// zero and rows left at 0 are harmless to the sums, so deletes do not clean them up.

const KEYS = {
  staff_due_count: {
    columns: 'agent_id, due_date, status',
    of: (r: string) => `${r}.agent_id, ${r}.due_date, ${r}.status`,
  },
  staff_due_count_all: { columns: 'due_date, status', of: (r: string) => `${r}.due_date, ${r}.status` },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql
    .raw(
      `create table staff_due_count (agent_id integer not null, due_date text not null, status integer not null,
        n integer not null, primary key (agent_id, due_date, status))`,
    )
    .execute(db);
  await sql
    .raw(
      `create table staff_due_count_all (due_date text not null, status integer not null, n integer not null,
        primary key (due_date, status))`,
    )
    .execute(db);
  for (const [table, key] of Object.entries(KEYS)) {
    await sql
      .raw(
        `insert into ${table} (${key.columns}, n) select ${key.columns}, count(*) from staff_applet_user group by ${key.columns}`,
      )
      .execute(db);
  }
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** `delta` (+1 or -1) for the row `r` ('new' or 'old') in both count tables. */
const bump = (r: 'new' | 'old', delta: 1 | -1) =>
  Object.entries(KEYS)
    .map(
      ([table, key]) =>
        `insert into ${table} (${key.columns}, n) values (${key.of(r)}, ${delta})
          on conflict (${key.columns}) do update set n = ${table}.n + ${delta};`,
    )
    .join('\n');

const changed = 'old.agent_id is not new.agent_id or old.due_date is not new.due_date or old.status is not new.status';

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create trigger staff_due_count_ai after insert on staff_applet_user begin ${bump('new', 1)} end`)
    .execute(db);
  await sql
    .raw(`create trigger staff_due_count_ad after delete on staff_applet_user begin ${bump('old', -1)} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger staff_due_count_au after update of agent_id, due_date, status on staff_applet_user
        when ${changed} begin ${bump('old', -1)} ${bump('new', 1)} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const pgChanged = changed.replaceAll(' is not ', ' is distinct from ');
  await sql
    .raw(
      `create function staff_due_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${pgChanged}) then return null; end if;
        if tg_op in ('UPDATE', 'DELETE') then ${bump('old', -1)} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${bump('new', 1)} end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger staff_due_count after insert or delete or update of agent_id, due_date, status
        on staff_applet_user for each row execute function staff_due_count()`,
    )
    .execute(db);
}
