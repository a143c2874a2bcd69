import { type EndpointDef, permissionOf } from '@console/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The routes of a built app, read from the app itself (`app.routeTable`, filled by
 * src/plugins/route-table.ts as each route is registered), so a test that walks them covers
 * every route added later without anyone listing it. One entry per method; Fastify's automatic
 * HEAD beside a GET is left out (it runs the GET's own hooks).
 */
export interface AppRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** As registered, with path parameters (`/api/device/getDeviceStatus/:deviceName`). */
  url: string;
  /** The contract endpoint behind an API route; undefined for the console files, docs and sockets. */
  endpoint?: EndpointDef;
  /** `<method> <url>`, for test names and messages. */
  label: string;
}

/** Every route of the app, in registration order. */
export function routesOfApp(app: FastifyInstance): AppRoute[] {
  return app.routeTable.map((r) => ({
    method: r.method as AppRoute['method'],
    url: r.url,
    ...(r.endpoint ? { endpoint: r.endpoint } : {}),
    label: `${r.method} ${r.url}`,
  }));
}

/** The routes that serve a contract endpoint (everything under /api except the documentation). */
export function endpointRoutes(app: FastifyInstance): (AppRoute & { endpoint: EndpointDef })[] {
  return routesOfApp(app).filter((r): r is AppRoute & { endpoint: EndpointDef } => r.endpoint !== undefined);
}

/** The permission a route checks, or null for public and session-only routes. */
export function permissionOfRoute(route: AppRoute): string | null {
  return route.endpoint ? permissionOf(route.endpoint.access) : null;
}

/** A concrete URL for a route: path parameters replaced by the given values (or `x`). */
export function concreteUrl(route: AppRoute, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));
}

/** Names of a route's path parameters (`:deviceName` → deviceName). */
export function pathParamsOf(route: AppRoute): string[] {
  return [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
}

/** An API route bound from a contract endpoint (bindEndpoint, bindFileEndpoint, registerResource). */
export type ApiRoute = AppRoute & { endpoint: EndpointDef };

/** The `/api` routes with their contract definitions: method, path, access, audience, zod schemas. */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return endpointRoutes(app).filter((r) => r.url.startsWith('/api/'));
}

/** Every permission code some route checks, for an operator that must pass every check. */
export function permissionsOfRoutes(routes: readonly ApiRoute[]): string[] {
  const codes = new Set<string>();
  for (const r of routes) {
    const code = permissionOfRoute(r);
    if (code) codes.add(code);
  }
  return [...codes].sort();
}
