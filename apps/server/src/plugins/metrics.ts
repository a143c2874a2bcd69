import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { OpenDatabase } from '../db/open.js';
import { Metrics, processLabel } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus series (GET /api/metrics answers them). */
    metrics: Metrics;
  }
}

/** The route label of a request no route matched: one series for every unknown URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answered request by method, route pattern and status, with its duration, and
 * registers the gauges read at scrape time (database pool, open sockets). Register after the
 * realtime plugin: the socket gauge reads its hub.
 */
export function registerMetrics(app: FastifyInstance, config: Config, database: OpenDatabase): void {
  const metrics = new Metrics(processLabel(config.INSTANCE_ID));
  app.decorate('metrics', metrics);
  // A callback hook: counting never waits, so no promise per request. `routeOptions.url` is the
  // pattern (`/api/device/:id`), undefined when nothing matched.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  metrics.gauge(
    'console_db_pool_connections',
    'Database connections this process holds (SQLite: its one).',
    () => database.poolStats().total,
  );
  metrics.gauge('console_db_pool_idle', 'Database connections open and unused.', () => database.poolStats().idle);
  metrics.gauge(
    'console_db_pool_waiting',
    'Queries waiting for a database connection.',
    () => database.poolStats().waiting,
  );
  metrics.gauge('console_websocket_connections', 'Authenticated console websockets open on this process.', () =>
    app.realtime.localConnections(),
  );
}
