import { healthEndpoints, type ReadinessChecks } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DeviceAdapter } from '../../adapters/devices/types.js';
import type { Config } from '../../config.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';

/** A hung dependency must fail the check quickly: the load balancer's own check times out too. */
export const READINESS_CHECK_MS = 1000;

type Check = ReadinessChecks[keyof ReadinessChecks];

const checkNames: Record<keyof ReadinessChecks, string> = { database: '数据库', redis: 'Redis', broker: '设备代理' };

/** 'ok' when `work` resolves within the bound; 'failed' when it rejects or is still pending. */
async function bounded(work: () => Promise<unknown>, onError: (err: unknown) => void): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('failed'), READINESS_CHECK_MS);
  });
  try {
    return await Promise.race([work().then((): Check => 'ok'), expired]);
  } catch (err) {
    onError(err);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Only an adapter with a broker link (DEVICE_MQTT_URL set) says whether it is connected; the
 * in-process simulator has nothing to lose. The adapter in use, which a test may have swapped.
 */
function brokerCheck(adapter: DeviceAdapter): Check {
  if (!adapter.connected) return 'off';
  return adapter.connected() ? 'ok' : 'failed';
}

/**
 * `GET /api/health/ready`, what a load balancer health-checks (issue 27): the database answers a
 * trivial query, Redis answers PING (when REDIS_URL is set) and the device broker link is up
 * (when DEVICE_MQTT_URL is set). `/api/health` stays the liveness check of the database alone.
 */
export function registerReadinessRoute(app: FastifyInstance, config: Config): void {
  bindEndpoint(app, healthEndpoints.ready, async (_input, ctx) => {
    if (app.draining.active) throw new AppError('draining', { data: { status: 'draining' } });
    const log = (check: string) => (err: unknown) => ctx.req.log.warn({ err, check }, 'readiness check failed');
    const [database, redis] = await Promise.all([
      bounded(() => sql`select 1`.execute(ctx.db), log('database')),
      config.REDIS_URL ? bounded(() => app.realtime.pingBus(), log('redis')) : Promise.resolve<Check>('off'),
    ]);
    const broker = brokerCheck(app.devices.adapter);
    const checks: ReadinessChecks = { database, redis, broker };
    const failed = (Object.keys(checks) as Array<keyof ReadinessChecks>).filter((k) => checks[k] === 'failed');
    if (failed.length > 0) {
      const message = `服务未就绪：${failed.map((k) => checkNames[k]).join('、')}无响应`;
      throw new AppError('notReady', { message, data: { failed, checks } });
    }
    return { status: 'ready' as const, checks };
  });
}
