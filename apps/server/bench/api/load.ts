import autocannon, { type AutocannonRequest } from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds; or stop after `amount` responses instead. */
  duration?: number;
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fresh request per call (random page, another address…); otherwise one fixed request. */
  next?: () => { method?: 'GET' | 'POST'; path?: string; body?: string; headers?: Record<string, string> };
  /** Seconds before a request counts as an error (default 30). */
  timeout?: number;
  /** Requests per second across all connections (open loop); default as fast as answered. */
  rate?: number;
}

export interface LoadResult {
  /** Answered requests per second (every status). */
  rps: number;
  /** Each 2xx response's latency in ms, exact (not the histogram's buckets). */
  latencies: number[];
  /** Responses by status. */
  statuses: Map<number, number>;
  errors: number;
}

/** One autocannon run over loopback; latencies come from its per-response event. */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const next = o.next;
  const setupRequest = next
    ? (req: AutocannonRequest): AutocannonRequest => {
        const n = next();
        return { ...req, ...n, headers: { ...req.headers, ...n.headers } };
      }
    : undefined;
  const instance = autocannon({
    url: o.url,
    connections: o.connections,
    ...(o.amount ? { amount: o.amount } : { duration: o.duration ?? 10 }),
    method: o.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...o.headers },
    timeout: o.timeout ?? 30,
    ...(o.rate ? { overallRate: o.rate } : {}),
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  return { rps: answered / result.duration, latencies, statuses, errors: result.errors + result.timeouts };
}
