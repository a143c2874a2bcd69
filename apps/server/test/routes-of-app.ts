import { type EndpointDef, permissionOf } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../src/http/route-table.js';

/**
 * The routes of a built app, enumerated from what it registered (src/http/route-table.ts), so a
 * check over "every route" covers routes added later without anyone listing them.
 *
 * - `apiRoutes`: the `/api` routes bound from a contract endpoint (bindEndpoint, bindFileEndpoint,
 *   registerResource), each with its definition: method, path, access, audience, zod schemas.
 * - `otherRoutes`: everything else (static console, OpenAPI document, websocket upgrade…).
 */
export interface ApiRoute extends RouteEntry {
  endpoint: EndpointDef;
}

export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return app.routeTable.filter((r): r is ApiRoute => r.endpoint !== undefined && r.url.startsWith('/api/'));
}

export function otherRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeTable.filter((r) => r.endpoint === undefined);
}

/** Every permission code some route checks, for an operator that must pass every check. */
export function permissionsOfRoutes(routes: readonly ApiRoute[]): string[] {
  const codes = new Set<string>();
  for (const r of routes) {
    const code = permissionOf(r.endpoint.access);
    if (code) codes.add(code);
  }
  return [...codes].sort();
}
