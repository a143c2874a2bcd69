import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { registerResources } from './crud/registry.js';
import type { OpenDatabase } from './db/open.js';
import { registerDashboardRoutes } from './modules/dashboard/routes.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerEvents } from './plugins/events.js';
import { registerStaticConsole } from './plugins/static-console.js';

export interface AppDeps {
  config: Config;
  database: OpenDatabase;
  /** Defaults to the config's level; tests pass 'silent'. */
  logLevel?: string;
  /** Tests add routes (e.g. a fixture resource) before the app is sealed. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds the whole API (and the console's static hosting) without listening: tests inject. */
export async function buildApp({ config, database, logLevel, extend }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: logLevel ?? config.LOG_LEVEL,
      redact: { paths: ['req.headers.token', 'req.headers["x-token"]', 'req.headers.cookie'], remove: true },
    },
    genReqId: () => randomUUID(),
    // One line per request is written by the access-log hook, not Fastify's two.
    disableRequestLogging: true,
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built from explicit column lists; re-validating them would only cost time.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('db', database.db);
  app.decorateRequest('operator', null);
  registerErrorHandling(app);
  registerEvents(app);
  registerAuth(app, config);

  registerHealthRoutes(app, database.kind);
  registerDashboardRoutes(app);
  await registerStaticConsole(app, config.WEB_DIST);

  registerResources(app);
  await extend?.(app);

  await app.ready();
  return app;
}
