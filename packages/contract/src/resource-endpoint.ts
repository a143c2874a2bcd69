import type { z } from 'zod';
import { type Audience, type EndpointDef, defineEndpoint } from './endpoint.js';

/**
 * A custom endpoint of a resource, in the same style as the derived ones: path
 * `<prefix>/<action>` (or `path`, still under the prefix), permission `<name>.<action>` (or
 * `permission`), the resource's audience and operation-log module unless given.
 *
 *   export const updateOpen = resourceEndpoint(adminResource, 'updateOpen', {
 *     method: 'POST', write: true, summary: '启用/停用账号', query: z.object({ id, open: z.coerce.number() }), response: ok,
 *   });
 */
export function resourceEndpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  resource: { name: string; prefix: string; audience: Audience; module: string },
  action: string,
  def: Omit<EndpointDef<Q, B, R>, 'path' | 'access' | 'audience' | 'module'> & {
    path?: string;
    permission?: string;
    audience?: Audience;
    module?: string;
  },
): EndpointDef<Q, B, R> {
  const { path, permission, audience, module, ...rest } = def;
  return defineEndpoint({
    ...rest,
    path: `${resource.prefix}${path ?? `/${action}`}`,
    access: { permission: permission ?? `${resource.name}.${action}` },
    audience: audience ?? resource.audience,
    module: module ?? resource.module,
  });
}
