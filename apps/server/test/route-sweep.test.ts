import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from './operators.js';
import type { PaymentsSimulator } from '../src/adapters/payments/index.js';
import { type ProviderWorld, buildProviderWorld, settledSnapshotOf, snapshotOf } from './provider-world.js';
import { isNonApiRoute, publicRoutes, sessionRoutes } from './route-sweep-declarations.js';
import { callRoute, checkForeignRecords, recordKeysOf } from './route-sweep.js';
import { endpointRoutes, permissionOfRoute, routesOfApp } from './routes-of-app.js';
import { createTestApp } from './test-app.js';

// The route sweep (issue 15): every route of the running app, found by asking the app, is
// refused without a session, refused without its permission, and keeps one provider's records
// out of another's reach. Top-level await: the test list is the app's route table.
const t = await createTestApp();
afterAll(() => t.close());

const api = endpointRoutes(t.app).filter((r) => r.method !== 'HEAD');
const guarded = api.filter((r) => r.endpoint.access !== 'public');
const permissioned = api.filter((r) => permissionOfRoute(r) !== null);
const providerRoutes = guarded.filter((r) => r.endpoint.audience !== 'platform' && recordKeysOf(r).length > 0);

describe('route sweep: every route is accounted for', () => {
  it('finds the routes of the app, not a list', () => {
    expect(api.length).toBeGreaterThan(200);
    expect(providerRoutes.length).toBeGreaterThan(40);
  });

  it('knows every route that is not a contract endpoint', () => {
    const unknown = routesOfApp(t.app).filter((r) => !r.endpoint && r.method !== 'HEAD' && !isNonApiRoute(r.url));
    expect(unknown.map((r) => r.label)).toEqual([]);
  });

  it('has exactly the declared public endpoints', () => {
    const found = api.filter((r) => r.endpoint.access === 'public').map((r) => r.label);
    expect(new Set(found)).toEqual(publicRoutes);
  });

  it('has exactly the declared session-only endpoints (every other one checks a permission)', () => {
    const found = api.filter((r) => r.endpoint.access === 'session').map((r) => r.label);
    expect(new Set(found)).toEqual(sessionRoutes);
  });
});

describe('route sweep: without a token', () => {
  it.each(guarded.map((r) => [r.label, r] as const))('%s answers 5000', async (_label, route) => {
    const answer = await callRoute(t, route, null, { body: {} });
    expect([answer.status, answer.body.errCode]).toEqual([401, 5000]);
  });
});

describe('route sweep: without the permission', () => {
  // A platform admin whose only role grants nothing, and a provider administrator whose provider
  // was granted nothing: each holds a session and no permission at all.
  let platform: TestOperator;
  let provider: TestOperator;
  beforeAll(async () => {
    platform = await createTestOperator(t, { adminType: 0, permissions: [] });
    provider = await createTestOperator(t, { adminType: 1, permissions: [] });
  });

  it.each(permissioned.map((r) => [r.label, r] as const))('%s answers 403001', async (_label, route) => {
    const op = route.endpoint.audience === 'agent' ? provider : platform;
    const answer = await callRoute(t, route, op, { body: {} });
    expect([answer.status, answer.body.errCode]).toEqual([403, 403001]);
  });
});

describe('route sweep: provider B against provider A’s records', () => {
  let a: ProviderWorld;
  let b: ProviderWorld;
  let before: Record<string, unknown[]>;
  const problems: string[] = [];
  beforeAll(async () => {
    // Submissions answer at once and are neither taken up nor decided during the sweep: the only change to
    // A's rows after the snapshot would then be one B made.
    (t.app.payments as PaymentsSimulator).configure({
      answerMs: [0, 0],
      unavailableRate: 0,
      pickupMs: [3_600_000, 3_600_000],
      reviewMs: [3_600_000, 3_600_000],
    });
    const builtA = await buildProviderWorld(t);
    const builtB = await buildProviderWorld(t);
    a = builtA.world;
    b = builtB.world;
    problems.push(...builtA.problems, ...builtB.problems);
    before = await settledSnapshotOf(t, a.agentId);
  });

  it('every tenant resource providers reach gave each provider a row', () => {
    expect(problems).toEqual([]);
  });

  it.each(providerRoutes.map((r) => [r.label, r] as const))('%s', async (_label, route) => {
    expect((await checkForeignRecords(t, route, a, b)).join('\n')).toBe('');
  });

  it('left every row of provider A as it was', async () => {
    expect(await snapshotOf(t, a.agentId)).toEqual(before);
  });
});
