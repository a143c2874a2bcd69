import type { EndpointDef } from '@console/contract';
import type { FastifyInstance } from 'fastify';

/** One registered route as the app holds it: what the route sweep and the documentation walk. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The contract endpoint the route serves; absent on routes that are not API (console files, docs). */
  endpoint?: EndpointDef;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order, one entry per method (HEAD, the GETs' mirror, left out). */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records every route as it is registered. Fastify can answer "is there a route for X" but not
 * "which routes are there", and the route sweep must find each route of the running app, not a
 * hand-kept list of them. Register first: routes added before the hook are missed.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const endpoint = route.config?.endpoint;
    for (const method of methods) {
      // Fastify adds a HEAD beside every GET on its own (a route of its own, reported here too);
      // it runs the GET's hooks and handler, so it is the GET's, not a route to list.
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, ...(endpoint ? { endpoint } : {}) });
    }
  });
}
