import { randomInt } from 'node:crypto';
import {
  editionResource,
  errorLogResource,
  ipRestrictionResource,
  parameterResource,
  parameterValueError,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow, ResourceSelect } from '../../crud/types.js';
import { fieldError } from '../../lib/app-error.js';
import { declareProviderParam, providerParamValues } from '../system-config/parameters.js';
import { registerErrorLog } from './error-log.js';

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

/** IP restrictions, parameters, editions and the error log (free auth codes: modules/free-auth-code). */
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
    // Also 直营's 参数管理 (/saasDirect/parameter/…): the reserved provider's own values.
    directRun: true,
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

  // An error's row is created when it is first seen.
  registerResource(app, errorLogResource, 'error_log', {
    joins: (qb: ResourceSelect) => qb.leftJoin('admin as ad', 'ad.id', 't.adminId'),
    columns: { firstSeenAt: 't.createdAt', adminName: 'ad.name' },
  });
  registerErrorLog(app);
}
