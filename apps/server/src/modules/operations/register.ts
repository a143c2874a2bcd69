import { randomInt } from 'node:crypto';
import {
  editionResource,
  errorLogResource,
  freeAuthCodeResource,
  ipRestrictionResource,
  parameterResource,
  parameterValueError,
  voidFreeAuthCodeEndpoint,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow, LooseSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { declareProviderParam, providerParamValues } from '../system-config/parameters.js';
import { registerErrorLog } from './error-log.js';

// Free auth codes avoid look-alike characters (0/O, 1/I/L) so they can be read out on the phone.
const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function freeAuthCodeText(): string {
  let code = '';
  for (let i = 0; i < 12; i += 1) code += CODE_CHARS[randomInt(CODE_CHARS.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

function checkParameter(values: DbRow, existing: DbRow = {}): DbRow {
  const merged = { ...existing, ...values };
  const error = parameterValueError(
    Number(merged.valueType),
    typeof merged.paramValue === 'string' ? merged.paramValue : '',
  );
  if (error) throw fieldError('paramValue', error);
  return values;
}

/** Edition features travel as an array and are stored as JSON text. */
const featuresIn = (values: DbRow): DbRow =>
  Array.isArray(values.features) ? { ...values, features: JSON.stringify(values.features) } : values;

/** IP restrictions, parameters, editions, free auth codes and the error log. */
export function registerOperations(app: FastifyInstance): void {
  registerResource(app, ipRestrictionResource, 'ip_restriction', {
    // One spelling per block, so the unique rule index sees `10.0.0.0/8 ` and `10.0.0.0/8` as one.
    hooks: {
      beforeCreate: (values) => ({ ...values, address: String(values.address).toLowerCase() }),
      beforeUpdate: (patch) =>
        typeof patch.address === 'string' ? { ...patch, address: patch.address.toLowerCase() } : patch,
    },
  });

  registerResource(app, parameterResource, 'parameter', {
    hooks: {
      // Issue 20: a provider sets only the parameters the platform declared provider-level.
      beforeCreate: (values, _input, ctx) => providerParamValues(ctx, checkParameter(values)),
      beforeUpdate: (patch, existing, _input, ctx) =>
        providerParamValues(ctx, checkParameter(patch, existing), existing),
    },
    sample: async ({ db }) => {
      const paramKey = `locker.alarmMinutes${randomInt(1_000_000)}`;
      await declareProviderParam(db, paramKey);
      return { paramKey, name: '未结账报警分钟数', paramValue: '30', valueType: 2, remark: '' };
    },
  });

  registerResource(app, editionResource, 'edition', {
    hooks: {
      beforeCreate: featuresIn,
      beforeUpdate: featuresIn,
      afterRead: (wire) => ({ ...wire, features: JSON.parse(String(wire.features)) as unknown }),
    },
  });

  registerResource(app, freeAuthCodeResource, 'free_auth_code', {
    joins: (qb: LooseSelect) => qb.leftJoin('store as s', 's.id', 't.storeId'),
    columns: { storeName: 's.name' },
    hooks: {
      beforeCreate: (values) => {
        if (String(values.expireDate) < nowIso().slice(0, 10)) throw fieldError('expireDate', '截止日期不能早于今天');
        return { ...values, code: freeAuthCodeText(), status: 0 };
      },
      beforeDelete: (existing) => {
        if (existing.status === 1) throw new AppError('stateConflict', { message: '已使用的免授权码不能删除' });
      },
    },
    sample: () => ({ days: 30, expireDate: '2099-12-31', remark: '' }),
  });
  bindEndpoint(app, voidFreeAuthCodeEndpoint, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    let update = ctx.db
      .updateTable('freeAuthCode')
      .set((eb) => ({ status: 2, version: eb('version', '+', 1), updatedAt: nowIso() }))
      .where('id', '=', id)
      .where('status', '=', 0);
    if (ctx.scope.agentId !== null) update = update.where('agentId', '=', ctx.scope.agentId);
    const done = await update.executeTakeFirst();
    let select = ctx.db
      .selectFrom('freeAuthCode as t')
      .leftJoin('store as s', 's.id', 't.storeId')
      .where('t.id', '=', id)
      .selectAll('t')
      .select('s.name as storeName');
    if (ctx.scope.agentId !== null) select = select.where('t.agentId', '=', ctx.scope.agentId);
    const row = await select.executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    if (Number(done.numUpdatedRows) === 0)
      throw new AppError('stateConflict', { message: '只有未使用的免授权码可以作废' });
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'status', before: 0, after: 2 }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: freeAuthCodeResource.name,
      agentId: row.agentId,
      ids: [String(id)],
      action: 'update',
    });
    return {
      ...row,
      id: String(row.id),
      agentId: String(row.agentId),
      storeId: row.storeId === null ? null : String(row.storeId),
    };
  });

  // An error's row is created when it is first seen.
  registerResource(app, errorLogResource, 'error_log', { columns: { firstSeenAt: 't.createdAt' } });
  registerErrorLog(app);
}
