import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { decorateAdapters } from './adapters/from-config.js';
import { registerModules, registerResourceModules } from './app-modules.js';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/open.js';
import { registerRefusalLog } from './http/refusal-log.js';
import { registerViewAsLog } from './http/view-as-log.js';
import { PublicUrl } from './lib/public-url.js';
import { registerAccessLog } from './plugins/access-log.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerDraining } from './plugins/draining.js';
import { registerErrorHandling } from './plugins/errors.js';
import { frameworkErrorOptions } from './plugins/framework-errors.js';
import { batchedLog } from './plugins/log-destination.js';
import { registerEvents } from './plugins/events.js';
import { registerJobs, stopJobsOnClose } from './plugins/jobs/register.js';
import { registerRealtime } from './plugins/realtime.js';
import { registerRequestBody } from './plugins/request-body.js';
import { registerRouteTable } from './plugins/route-table.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticConsole } from './plugins/static-console.js';

export interface AppDeps {
  config: Config;
  database: OpenDatabase;
  /** Defaults to the config's level; tests pass 'silent'. */
  logLevel?: string;
  /** Where log lines go (default stdout, in batches); tests capture them to prove what is never logged. */
  logStream?: DestinationStream;
  /** Tests add routes (e.g. a fixture resource) before the app is sealed. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds the whole API (and the console's static hosting) without listening: tests inject. */
export async function buildApp({ config, database, logLevel, logStream, extend }: AppDeps): Promise<FastifyInstance> {
  const level = logLevel ?? config.LOG_LEVEL;
  // A line per request: written to stdout in batches rather than a write each (log-destination.ts).
  const batched = logStream || level === 'silent' ? undefined : batchedLog();
  const stream = logStream ?? batched;
  const app = Fastify({
    logger: {
      level,
      redact: { paths: ['req.headers.token', 'req.headers["x-token"]', 'req.headers.cookie'], remove: true },
      ...(stream ? { stream } : {}),
    },
    genReqId: () => randomUUID(),
    // One line per request is written by the access-log hook, not Fastify's two; the request id is
    // logged under the error envelope's own field name, so a reported id greps straight to the log.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // On close (the graceful drain, app-drain.ts): idle keep-alive connections are closed at once;
    // a request still arriving on a busy one is served with `Connection: close`, so its client
    // reconnects through the load balancer, rather than answered Fastify's own non-envelope 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    ...frameworkErrorOptions,
  });
  // Close hooks run last-registered first: registered here, the drain runs after every other one,
  // so what they log is written out too.
  if (batched) app.addHook('onClose', () => batched.drain());
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built from explicit column lists; re-validating them would only cost time.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerRouteTable(app);
  app.decorate('db', database.db);
  app.decorate('publicUrl', new PublicUrl(config.publicUrl));
  app.decorateRequest('operator', null);
  registerDraining(app);
  registerErrorHandling(app);
  registerRefusalLog(app);
  registerViewAsLog(app);
  registerRequestBody(app);
  registerEvents(app);
  registerJobs(app, config);
  registerAuth(app, config);
  await registerRealtime(app, config);
  registerSecurityHeaders(app);
  registerAccessLog(app);
  registerMetrics(app, config, database);
  await registerCompression(app);
  await registerOpenApi(app);

  await registerModules(app, config, database);
  await registerStaticConsole(app, config.WEB_DIST);

  decorateAdapters(app, config);
  registerResourceModules(app, config);
  await extend?.(app);
  stopJobsOnClose(app);

  await app.ready();
  return app;
}
