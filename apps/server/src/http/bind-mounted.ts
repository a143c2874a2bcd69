import { type EndpointDef, directRunEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type BindOptions, type EndpointHandler, bindEndpoint } from './bind-endpoint.js';

/**
 * Binds a provider-screen endpoint and its 直营 twin (`/saasDirect<path>`) to one handler: the
 * handler reads `ctx.scope` and so works on the operator's provider, or on the reserved direct-run
 * provider for a platform operator on the twin (./direct-run.ts).
 */
export function bindMounted<E extends EndpointDef, P = undefined>(
  app: FastifyInstance,
  def: E,
  handler: EndpointHandler<E, NoInfer<P>>,
  options: BindOptions<E, P> = {},
): void {
  bindEndpoint(app, def, handler, options);
  bindEndpoint(app, directRunEndpoint(def), handler, options);
}
