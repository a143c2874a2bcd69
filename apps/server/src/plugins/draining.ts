import type { FastifyInstance } from 'fastify';

/**
 * Whether this process has begun its graceful drain (SIGTERM, see app-drain.ts). Only readiness
 * reads it: while it is set, every other request is still served, and the load balancer, seeing
 * readiness fail, stops sending new ones before the server stops listening.
 */
export class Draining {
  private began = false;

  get active(): boolean {
    return this.began;
  }

  begin(): void {
    this.began = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

export function registerDraining(app: FastifyInstance): void {
  app.decorate('draining', new Draining());
}
