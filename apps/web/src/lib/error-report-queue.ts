import { API_BASE } from './api/request';
import { getToken } from './storage';

// The queue behind error-reporter.ts, loaded with the first error, not with every page. Plain
// fetch, not the API client: a refused report must never sign the operator out, open the sign-in
// page or toast, and a failing report is simply dropped.

/** Reports wait this long for others to join them, so an error burst is one short batch of requests. */
export const FLUSH_MS = 2_000;
/** The same error (message and first stack line) is sent once per this long. */
export const REPEAT_MS = 60_000;
/** At most this many reports per minute; the server has its own limit per address too. */
export const PER_MINUTE = 10;

interface Report {
  message: string;
  stack: string;
  url: string;
  level: 2 | 3;
}

export interface Reporter {
  /** `url` is where the error happened (the queue loads a moment later); the current address if left out. */
  report: (error: unknown, level?: 2 | 3, url?: string) => void;
  /** Sends what is queued now (tests, page hide). */
  flush: () => Promise<void>;
}

export const currentUrl = () => window.location.pathname + window.location.search;

const firstLine = (stack: string) => stack.split('\n').find((l) => l.trim().startsWith('at ')) ?? '';

export function createReporter(send: (report: Report) => Promise<unknown>, now: () => number = Date.now): Reporter {
  let queue: Report[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Map<string, number>();
  let windowStart = 0;
  let sentInWindow = 0;
  let sending = false;

  const flush = async () => {
    timer = undefined;
    const batch = queue;
    queue = [];
    for (const r of batch) {
      if (now() - windowStart > 60_000) [windowStart, sentInWindow] = [now(), 0];
      if (sentInWindow >= PER_MINUTE) return;
      sentInWindow += 1;
      sending = true;
      // Whatever happens to a report stays here: an error while reporting is not reported again.
      await send(r).catch(() => undefined);
      sending = false;
    }
  };

  const report = (error: unknown, level: 2 | 3 = 2, url = currentUrl()) => {
    if (sending) return;
    const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : '未知错误');
    const message = (e.message || e.name || '未知错误').slice(0, 1000);
    const stack = (e.stack ?? '').slice(0, 8000);
    const key = `${message}|${firstLine(stack)}`;
    const last = seen.get(key);
    if (last !== undefined && now() - last < REPEAT_MS) return;
    seen.set(key, now());
    queue.push({ message, stack, url, level });
    timer ??= setTimeout(() => void flush(), FLUSH_MS);
  };
  return { report, flush };
}

/** Posts one report to 错误日志. */
export async function sendReport(report: Report): Promise<unknown> {
  // The endpoint's module (the error-log resource and its schemas) loads with the first report,
  // not with every page; the sub-path, because the contract's index would bring every module.
  const { reportErrorEndpoint } = await import('@console/contract/resources/error-log');
  const token = getToken();
  return fetch(`${API_BASE}${reportErrorEndpoint.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify({ ...report, appVersion: import.meta.env.MODE }),
    keepalive: true,
  });
}
