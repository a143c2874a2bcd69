import { permissionOf } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { RequestContext } from './context.js';
import { requireOperator } from './context.js';

const shapeKeys = (schema: unknown): string[] => {
  const def = (schema as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } } | undefined)?._zod
    ?.def;
  return def?.type === 'object' ? Object.keys(def.shape ?? {}) : [];
};

/**
 * The guard of a reference select's options (e.g. `/store/options`): the screen asking names
 * its permission (`for`), and the answer is given only when the operator holds it and it is the
 * permission of a screen that picks such records: an endpoint checking it takes one of `fields`
 * (a store picker's `storeId`), or it is one of `own` (the referenced list itself). So a role
 * granting one unrelated screen reads no option list, and the answer stays in the caller's scope.
 * The screens are read from the app's routes once, so a new endpoint taking `storeId` joins.
 */
export function referenceOptionsGuard(
  app: FastifyInstance,
  fields: readonly string[],
  own: readonly string[],
): (ctx: RequestContext, forPermission: string) => void {
  let consumers: Set<string> | undefined;
  const consumersOf = () => {
    consumers ??= new Set([
      ...own,
      ...app.routeTable.flatMap((route) => {
        const permission = route.endpoint ? permissionOf(route.endpoint.access) : null;
        if (!permission || !route.endpoint) return [];
        const keys = [...shapeKeys(route.endpoint.query), ...shapeKeys(route.endpoint.body)];
        return keys.some((k) => fields.includes(k)) ? [permission] : [];
      }),
    ]);
    return consumers;
  };
  return (ctx, forPermission) => {
    const operator = requireOperator(ctx);
    if (!operator.permissions.has(forPermission) || !consumersOf().has(forPermission)) {
      throw new AppError('forbidden');
    }
  };
}
