import { errors } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MqttDeviceAdapter } from '../../adapters/devices/index.js';

const redisUrl = process.env.REDIS_URL;
// Mosquitto on 127.0.0.1:1883 in CI (docs/testing.md); skipped where there is none.
const mqttUrl = process.env.TEST_MQTT_URL;

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ready with the database checked and the unused dependencies off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      errCode: 0,
      data: { status: 'ready', checks: { database: 'ok', redis: 'off', broker: 'off' } },
    });
  });

  it('answers 503 draining once the process drains, while other requests are still served', async () => {
    const draining = await createTestApp();
    try {
      draining.app.draining.begin();
      const res = await draining.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ errCode: errors.draining.code, errMsg: errors.draining.message });
      const health = await draining.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('answers 503 naming the database when it cannot answer', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.db.destroy();
      const res = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      const body = res.json<{ errCode: number; errMsg: string; data: unknown }>();
      expect(body.errCode).toBe(errors.notReady.code);
      expect(body.errMsg).toContain('数据库');
      expect(body.data).toEqual({ failed: ['database'], checks: { database: 'failed', redis: 'off', broker: 'off' } });
    } finally {
      await broken.close();
    }
  });
});

describe.runIf(redisUrl)('readiness with Redis', () => {
  it('pings the real Redis', async () => {
    const t = await createTestApp({ REDIS_URL: redisUrl ?? '' });
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ data: { checks: { database: 'ok', redis: 'ok', broker: 'off' } } });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(mqttUrl)('readiness with the device broker', () => {
  it('is ready while the broker link is connected, and 503 naming the broker once it is not', async () => {
    const t = await createTestApp();
    const adapter = new MqttDeviceAdapter(mqttUrl ?? '', { replyTimeoutMs: 400 });
    try {
      await adapter.link.ready();
      t.app.devices.setAdapter(adapter);
      const ok = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ok.json()).toMatchObject({ data: { checks: { database: 'ok', redis: 'off', broker: 'ok' } } });
      await adapter.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      const body = down.json<{ errCode: number; errMsg: string; data: unknown }>();
      expect(body.errCode).toBe(errors.notReady.code);
      expect(body.errMsg).toContain('设备代理');
      expect(body.data).toEqual({ failed: ['broker'], checks: { database: 'ok', redis: 'off', broker: 'failed' } });
    } finally {
      await adapter.close();
      await t.close();
    }
  });
});
