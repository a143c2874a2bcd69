import { hostname } from 'node:os';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The `process` label of every series: INSTANCE_ID when set, else host:pid, so each API process is told apart. */
export function processLabel(instanceId?: string): string {
  return instanceId ?? `${hostname()}:${process.pid}`;
}

/**
 * How often the event-loop delay histogram samples (prom-client's default is 10 ms). Each sample
 * is a libuv timer waking the loop: at 10 ms that was ~0.5 % of a core per idle process, the
 * largest part of what an idle API process cost (docs/performance.md, cluster). At 50 ms a stall
 * longer than 50 ms is still always seen; shorter ones are seen in proportion to their length.
 */
export const EVENT_LOOP_SAMPLE_MS = 50;

/** A request's outcome of one route and method, kept so the hot path does no label hashing. */
interface RouteSeries {
  duration: { observe(seconds: number): void };
  byStatus: Map<number, { inc(): void }>;
}

/**
 * The counters, histograms and gauges of one app (one API process), in a registry of its own:
 * two apps in one test worker never count into each other's series. prom-client is the
 * maintained Prometheus client; only the per-route cache of label children is ours.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route'>;
  readonly deviceUplinks: Counter<'kind' | 'channel'>;
  readonly jobs: Counter<'job' | 'outcome'>;
  /** Children by route pattern, then method: bounded by the route table, since raw URLs never become labels. */
  private readonly routes = new Map<string, Map<string, RouteSeries>>();

  constructor(processName: string) {
    this.registry.setDefaultLabels({ process: processName });
    // Event-loop lag, heap, GC, handles, CPU: prom-client's defaults under their usual names.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.httpRequests = new Counter({
      name: 'console_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: 'console_http_request_duration_seconds',
      help: 'Time from request to response sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.deviceUplinks = new Counter({
      name: 'console_device_uplinks_total',
      help: 'Device presence reports (status, heartbeat) this process handled, by device kind and channel.',
      labelNames: ['kind', 'channel'],
      registers: [this.registry],
    });
    this.jobs = new Counter({
      name: 'console_jobs_total',
      help: 'Background job runs of this process, by job and outcome (ok, failed).',
      labelNames: ['job', 'outcome'],
      registers: [this.registry],
    });
  }

  /**
   * The series of one route and method, created on its first request. The key is a route pattern
   * (or `unmatched`), never a raw URL, so there are at most as many as the app has routes.
   */
  private seriesOf(method: string, route: string): RouteSeries {
    // Two map lookups rather than one of a joined key: no string is built per request.
    let byMethod = this.routes.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.routes.set(route, byMethod);
    }
    let series = byMethod.get(method);
    if (!series) {
      series = { duration: this.httpDuration.labels(method, route), byStatus: new Map() };
      byMethod.set(method, series);
    }
    return series;
  }

  /** Counts one answered request (`seconds` from the request's arrival). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const series = this.seriesOf(method, route);
    let counter = series.byStatus.get(status);
    if (!counter) {
      counter = this.httpRequests.labels(method, route, String(status));
      series.byStatus.set(status, counter);
    }
    counter.inc();
    series.duration.observe(seconds);
  }

  /** A gauge read when scraped (pool sizes, open sockets): nothing is kept up to date in between. */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }
}
