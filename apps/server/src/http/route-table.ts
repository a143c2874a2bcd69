import type { EndpointDef } from '@console/contract';
import type { FastifyInstance } from 'fastify';

/** One registered method + path, with the contract endpoint it serves when it serves one. */
export interface RouteEntry {
  method: string;
  url: string;
  endpoint: EndpointDef | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route the app registered, in registration order, read by the checks that must cover
     * all of them (the fuzz and route sweep tests) instead of a hand-kept list.
     */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records routes as they are registered. Call before anything registers a route: an `onRoute`
 * hook on the root also sees the routes of every plugin registered after it.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD beside every GET itself: the same handler, not a route of ours.
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, endpoint: route.config?.endpoint });
    }
  });
}
