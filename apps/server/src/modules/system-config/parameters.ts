import { paramHistoryEndpoint, paramValueProblem, platformParamResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Refuses a value that does not fit the (merged) type and schema. */
function checked(values: DbRow, existing: DbRow = {}): DbRow {
  const merged = { ...existing, ...values };
  const problem = paramValueProblem(Number(merged.valueType), str(merged.paramValue), str(merged.jsonSchema));
  if (problem) throw fieldError(problem.startsWith('Schema') ? 'jsonSchema' : 'paramValue', problem);
  return values;
}

async function recordChange(ctx: RequestContext, existing: DbRow, after: string) {
  await ctx.db
    .insertInto('paramChange')
    .values({
      paramId: Number(existing.id),
      agentId: null,
      paramKey: str(existing.paramKey),
      beforeValue: str(existing.paramValue),
      afterValue: after,
      operatorName: ctx.operator?.name ?? '',
      createdAt: nowIso(),
    })
    .execute();
}

/** 参数管理: typed platform parameters, a JSON one checked against its schema; every value change kept. */
export function registerPlatformParams(app: FastifyInstance): void {
  registerResource(app, platformParamResource, 'platform_param', {
    hooks: {
      beforeCreate: (values) => checked(values),
      beforeUpdate: async (patch, existing, _input, ctx) => {
        checked(patch, existing);
        if (typeof patch.paramValue === 'string' && patch.paramValue !== existing.paramValue) {
          await recordChange(ctx, existing, patch.paramValue);
        }
        return patch;
      },
    },
  });

  bindEndpoint(app, paramHistoryEndpoint, async ({ query }, ctx) => {
    const rows = await ctx.db
      .selectFrom('paramChange')
      .select(['id', 'beforeValue', 'afterValue', 'operatorName', 'createdAt'])
      .where('paramId', '=', toDbId(query.id))
      .where('agentId', 'is', null)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  });
}

/**
 * A provider's own parameter (参数设置) must be one the platform declared provider-level; it takes
 * that declaration's name and type, and its value must fit the declared type and schema.
 */
export async function providerParamValues(ctx: RequestContext, values: DbRow, existing: DbRow = {}): Promise<DbRow> {
  const merged = { ...existing, ...values };
  const declared = await ctx.db
    .selectFrom('platformParam')
    .selectAll()
    .where('paramKey', '=', str(merged.paramKey))
    .where('providerLevel', '=', 1)
    .executeTakeFirst();
  if (!declared) throw fieldError('paramKey', '该参数不是平台声明的服务商级参数');
  const problem = paramValueProblem(declared.valueType, str(merged.paramValue), declared.jsonSchema);
  if (problem) throw fieldError('paramValue', problem);
  return { ...values, name: declared.name, valueType: declared.valueType };
}

/** Declares a provider-level number parameter (tests and the isolation suite's sample rows). */
export async function declareProviderParam(db: Kysely<Database>, paramKey: string): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('platformParam')
    .values({
      paramKey,
      name: '未结账报警分钟数',
      groupName: '门店运营',
      valueType: 2,
      paramValue: '30',
      providerLevel: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
