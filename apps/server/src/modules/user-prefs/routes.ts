import { USER_PREF_MAX_KEYS, tablePrefs, userPrefEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The operator's own view settings. The account is always the session's: every operator kind
 * (platform admin, provider admin, provider staff) is an `admin` row, so its id alone names the
 * account, and no request field can point at another one.
 */
export function registerUserPrefRoutes(app: FastifyInstance): void {
  bindEndpoint(app, userPrefEndpoints.get, async ({ query }, ctx) => {
    const operator = requireOperator(ctx);
    const row = await ctx.db
      .selectFrom('userPref')
      .select('value')
      .where('adminId', '=', operator.id)
      .where('prefKey', '=', query.key)
      .executeTakeFirst();
    if (!row) return null;
    // A value saved under an older shape reads as never saved: the console falls back to its defaults.
    const parsed = tablePrefs.safeParse(parseStored(row.value));
    return parsed.success ? parsed.data : null;
  });

  bindEndpoint(app, userPrefEndpoints.save, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const mine = ctx.db.selectFrom('userPref').where('adminId', '=', operator.id);
    const existing = await mine.select('id').where('prefKey', '=', body.key).executeTakeFirst();
    if (!existing) {
      const count = await mine.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      if (Number(count.n) >= USER_PREF_MAX_KEYS) throw fieldError('key', '个人设置数量已达上限');
    }
    const value = JSON.stringify(body.value);
    const updatedAt = nowIso();
    await ctx.db
      .insertInto('userPref')
      .values({ adminId: operator.id, prefKey: body.key, value, updatedAt })
      .onConflict((oc) => oc.columns(['adminId', 'prefKey']).doUpdateSet({ value, updatedAt }))
      .execute();
    return null;
  });
}
