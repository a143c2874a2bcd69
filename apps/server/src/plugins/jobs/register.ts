import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Jobs } from './jobs.js';
import { LocalJobs } from './local-engine.js';
import { PgBossJobs } from './pg-boss-engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work run once across the cluster (plugins/jobs/jobs.ts). */
    jobs: Jobs;
  }
}

/** The engine the configuration names, or the database's own: pg-boss on PostgreSQL, in-process on SQLite. */
export function createJobs(app: FastifyInstance, config: Config): Jobs {
  const engine = config.JOBS_ENGINE ?? (config.databaseKind === 'postgres' ? 'pgboss' : 'local');
  if (engine === 'local') return new LocalJobs(app);
  if (config.databaseKind !== 'postgres') throw new Error('JOBS_ENGINE=pgboss needs DATABASE_URL=postgres://…');
  return new PgBossJobs(app, config.DATABASE_URL, {
    expireSeconds: config.JOBS_EXPIRE_SECONDS,
    pollSeconds: config.JOBS_POLL_SECONDS,
  });
}

/**
 * Decorates `app.jobs`; modules declare their schedules and queues while they register, and the
 * engine starts once the app is ready (so every declaration is in).
 */
export function registerJobs(app: FastifyInstance, config: Config): void {
  app.decorate('jobs', createJobs(app, config));
  app.addHook('onReady', () => app.jobs.start());
}

/**
 * Stops the engine gracefully when the app closes (the drain, app-drain.ts): the runs in flight
 * finish, and what this process still holds is released to another. Registered after the modules,
 * so it runs before their close hooks: no job starts on a service that is closing.
 */
export function stopJobsOnClose(app: FastifyInstance): void {
  app.addHook('onClose', () => app.jobs.stop({ graceful: true }));
}
