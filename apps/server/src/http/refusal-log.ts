import type { EndpointDef } from '@console/contract';
import { permissionOf } from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { Operator } from './context.js';
import { writeOperationLog } from './operation-log.js';

/** A repeat of the same refusal within this window is counted, not written. */
export const REFUSAL_REPEAT_WINDOW_MS = 10 * 60_000;
/** New refusal rows a process writes per minute; the rest are counted per operator. */
export const REFUSAL_ROWS_PER_MINUTE = 30;
/** Distinct refusals remembered at once; beyond it they count as over the per-minute cap. */
const MAX_TRACKED = 10_000;

export const REFUSAL_ACTION = '越权请求被拒绝';

interface Window {
  operator: Operator;
  endpoint: EndpointDef;
  method: string;
  path: string;
  ip: string;
  userAgent: string;
  until: number;
  repeats: number;
}

/**
 * Records calls refused with 403001 in the operation log (operator, permission, path), so a
 * platform administrator sees probing in 操作日志 (结果 失败, 操作 越权请求被拒绝). A loop of
 * refusals must not flood the table, so rows are bounded twice:
 * - the same refusal (operator, method, path) is written once per ten minutes; its repeats are
 *   counted and written as one row (重复 N 次) when the window closes;
 * - at most 30 new rows a minute per process; refusals beyond that are counted per operator and
 *   written as one row each minute.
 * A probe of every route by one operator therefore writes about 30 rows a minute plus one, and a
 * loop on one route one row per ten minutes, while a first refusal is always recorded at once
 * unless the cap was already reached. The counts live in memory: a restart loses at most the
 * unwritten repeat counts, never a first refusal.
 */
export class RefusalLog {
  private readonly windows = new Map<string, Window>();
  private readonly overflow = new Map<number, { sample: Window; count: number }>();
  private minuteStart = 0;
  private writtenThisMinute = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly app: FastifyInstance) {
    this.timer = setInterval(() => void this.flush(Date.now()), 60_000);
    this.timer.unref();
  }

  async refused(req: FastifyRequest, endpoint: EndpointDef, now = Date.now()): Promise<void> {
    const operator = req.operator;
    if (!operator) return;
    const path = req.routeOptions.url ?? req.url;
    const key = `${operator.id}|${req.method}|${path}`;
    const open = this.windows.get(key);
    if (open && open.until > now) {
      open.repeats += 1;
      return;
    }
    if (now - this.minuteStart >= 60_000) {
      this.minuteStart = now;
      this.writtenThisMinute = 0;
    }
    const window: Window = {
      operator,
      endpoint,
      method: req.method,
      path,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      until: now + REFUSAL_REPEAT_WINDOW_MS,
      repeats: 0,
    };
    if (this.writtenThisMinute >= REFUSAL_ROWS_PER_MINUTE || (!open && this.windows.size >= MAX_TRACKED)) {
      const over = this.overflow.get(operator.id) ?? { sample: window, count: 0 };
      over.count += 1;
      this.overflow.set(operator.id, over);
      return;
    }
    if (open) await this.writeRepeats(open);
    this.windows.set(key, window);
    this.writtenThisMinute += 1;
    await this.write(window, messageOf(endpoint), { query: req.query });
  }

  /** Writes the counts of closed windows and of the refusals over the cap; `now` for tests. */
  async flush(now = Date.now()): Promise<void> {
    for (const [key, window] of this.windows) {
      if (window.until > now) continue;
      this.windows.delete(key);
      await this.writeRepeats(window);
    }
    const over = [...this.overflow.values()];
    this.overflow.clear();
    for (const { sample, count } of over) {
      await this.write(
        { ...sample, path: '(多个接口)', method: '-' },
        `另有 ${count} 次越权请求超出每分钟 ${REFUSAL_ROWS_PER_MINUTE} 条的记录上限，未逐条记录；最近一次：${sample.method} ${sample.path}`,
        { count },
      );
    }
  }

  /** Stops the timer and writes every count still held (the app is closing). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush(Number.POSITIVE_INFINITY);
  }

  private async writeRepeats(window: Window): Promise<void> {
    if (window.repeats === 0) return;
    const repeats = window.repeats;
    window.repeats = 0;
    await this.write(window, `${messageOf(window.endpoint)}；此后 10 分钟内重复 ${repeats} 次`, { repeats });
  }

  private async write(window: Window, errMsg: string, params: unknown): Promise<void> {
    await writeOperationLog(this.app.db, {
      operator: window.operator,
      module: window.endpoint.module,
      action: REFUSAL_ACTION,
      method: window.method,
      path: window.path,
      params,
      audit: {},
      ok: false,
      errMsg,
      ip: window.ip,
      userAgent: window.userAgent,
      durationMs: 0,
    }).catch((err: unknown) => {
      this.app.log.error({ err }, 'refusal log write failed');
    });
  }
}

function messageOf(endpoint: EndpointDef): string {
  const permission = permissionOf(endpoint.access);
  if (permission) return `没有权限：${permission}（${endpoint.summary}）`;
  const only = endpoint.audience === 'platform' ? '平台账号' : '服务商账号';
  return endpoint.audience === 'any' ? `没有权限（${endpoint.summary}）` : `仅限${only}（${endpoint.summary}）`;
}

declare module 'fastify' {
  interface FastifyInstance {
    refusals: RefusalLog;
  }
}

/** Hooks the refusal log onto every contract endpoint's 403001. */
export function registerRefusalLog(app: FastifyInstance): void {
  const log = new RefusalLog(app);
  app.decorate('refusals', log);
  app.addHook('onError', async (req, _reply, err) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!endpoint || !(err instanceof AppError) || err.kind !== 'forbidden') return;
    await log.refused(req, endpoint);
  });
  app.addHook('onClose', () => log.close());
}
