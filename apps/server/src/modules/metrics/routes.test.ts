import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceTestApp } from '../../../test/device-test-app.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DeviceSimulator } from '../../adapters/devices/index.js';
import { EVENT_LOOP_SAMPLE_MS } from '../../lib/metrics.js';
import { runJob } from '../../plugins/run-job.js';

const TOKEN = 'metrics-secret-of-at-least-24-chars';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one series in Prometheus text, `undefined` when absent; every given label must match. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const open = line.indexOf('{');
    const close = line.lastIndexOf('}');
    const labelText = open < 0 ? '' : line.slice(open + 1, close);
    if (Object.entries(labels).every(([k, v]) => labelText.split(',').includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers as an unknown route does, whatever the bearer', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errCode: 404, errMsg: '接口不存在', data: null });
    expect(Object.keys(res.json<object>()).sort()).toEqual(Object.keys(unknown.json<object>()).sort());
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let sim: DeviceSimulator;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, INSTANCE_ID: 'api-7' });
    sim = new DeviceSimulator({ seed: 5, sleep: () => Promise.resolve(), timeoutRate: 0, driftRate: 0 });
    t.app.devices.setAdapter(sim);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a missing, wrong or differently long bearer with 401 in the envelope', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}${TOKEN}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errCode: 401001, errMsg: '监控指标令牌无效', data: null });
      expect(res.body).not.toContain('console_http_requests_total');
    }
  });

  it('answers Prometheus text with the request counter and histogram of a route called, by its pattern', async () => {
    const before = sampleOf(await scrape(t), 'console_http_requests_total', {
      method: 'GET',
      route: '/api/health',
      status: '200',
    });
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const labels = { method: 'GET', route: '/api/health', status: '200', process: 'api-7' };
    expect(sampleOf(text, 'console_http_requests_total', labels)).toBe((before ?? 0) + 3);
    expect(sampleOf(text, 'console_http_request_duration_seconds_count', { method: 'GET', route: '/api/health' })).toBe(
      (before ?? 0) + 3,
    );
    expect(sampleOf(text, 'console_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(
      (before ?? 0) + 3,
    );
    // An unknown URL is one series, never its own text.
    expect(sampleOf(text, 'console_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('/api/no/such/thing');
    // Defaults, pool and sockets, per process.
    expect(sampleOf(text, 'nodejs_eventloop_lag_seconds', { process: 'api-7' })).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'console_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'console_websocket_connections')).toBe(0);
  });

  it('still sees a stall of the event loop longer than its coarser sampling interval', async () => {
    await scrape(t);
    // The histogram starts afresh after each scrape, and its first interval after that is not recorded.
    await new Promise((resolve) => setTimeout(resolve, 2 * EVENT_LOOP_SAMPLE_MS));
    const until = performance.now() + 3 * EVENT_LOOP_SAMPLE_MS;
    while (performance.now() < until) {
      // hold the event loop, as a long synchronous handler would
    }
    await new Promise((resolve) => setTimeout(resolve, 2 * EVENT_LOOP_SAMPLE_MS));
    const max = sampleOf(await scrape(t), 'nodejs_eventloop_lag_max_seconds', { process: 'api-7' });
    expect(max).toBeGreaterThanOrEqual((2 * EVENT_LOOP_SAMPLE_MS) / 1000);
  });

  it('counts exactly one uplink per presence report the server handled', async () => {
    const labels = { kind: 'gateway', channel: 'simulator' };
    const before = sampleOf(await scrape(t), 'console_device_uplinks_total', labels) ?? 0;
    const gateway = { serial: 'GW-METRICS-1', kind: 'gateway' as const };
    const N = 7;
    for (let i = 0; i < N; i += 1) sim.setOnline(gateway, i % 2 === 0);
    expect(sampleOf(await scrape(t), 'console_device_uplinks_total', labels)).toBe(before + N);
    expect(sampleOf(await scrape(t), 'console_device_uplinks_total', { kind: 'android' }) ?? 0).toBe(0);
  });

  it('counts a job run ok or failed, and a failure does not escape the timer that ran it', async () => {
    await runJob(t.app, 'test-job', () => Promise.resolve());
    await runJob(t.app, 'test-job', () => Promise.reject(new Error('boom')));
    await runJob(t.app, 'test-job', () => Promise.reject(new Error('boom again')));
    const text = await scrape(t);
    expect(sampleOf(text, 'console_jobs_total', { job: 'test-job', outcome: 'ok' })).toBe(1);
    expect(sampleOf(text, 'console_jobs_total', { job: 'test-job', outcome: 'failed' })).toBe(2);
  });
});

describe('two apps in one process', () => {
  it('counts nothing into another app', async () => {
    const a = await createDeviceTestApp();
    const b = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      a.sim.setOnline({ serial: 'GW-METRICS-2', kind: 'gateway' }, true);
      expect(sampleOf(await scrape(b), 'console_device_uplinks_total') ?? 0).toBe(0);
    } finally {
      await a.t.close();
      await b.close();
    }
  });
});
