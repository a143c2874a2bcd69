import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from './crud-fixture.js';
import { type ProviderWorld, buildProviderWorld } from './provider-world.js';
import { checkForeignRecords } from './route-sweep.js';
import { endpointRoutes } from './routes-of-app.js';

// The route sweep's own test, on the fixture app: it passes an isolated route, and reports a
// route that leaks and a route it has no provider fixture for (so neither can pass unseen).
const t = await createFixtureApp();
afterAll(() => t.close());
const route = (label: string) => {
  const found = endpointRoutes(t.app).find((r) => r.label === label);
  if (!found) throw new Error(`no route ${label}`);
  return found;
};

describe('the route sweep itself (fixture resources)', () => {
  let a: ProviderWorld;
  let b: ProviderWorld;
  beforeAll(async () => {
    a = (await buildProviderWorld(t)).world;
    b = (await buildProviderWorld(t)).world;
  });

  it('passes a tenant-scoped route', async () => {
    expect(await checkForeignRecords(t, route('GET /api/gadget/get'), a, b)).toEqual([]);
    expect(await checkForeignRecords(t, route('POST /api/gadget/delete'), a, b)).toEqual([]);
  });

  it('reports a route whose record it has no fixture for', async () => {
    expect(await checkForeignRecords(t, route('GET /api/leakyGadget/get'), a, b)).toEqual([
      'GET /api/leakyGadget/get: no provider fixture fills "id" (declare it in route-sweep-declarations.ts)',
    ]);
  });

  it('reports a route that reaches another provider’s row', async () => {
    // The leaky registration reads the gadget table without the provider's scope.
    for (const world of [a, b]) world.rows.set('leakyGadget', world.rows.get('gadget')!);
    expect(await checkForeignRecords(t, route('GET /api/leakyGadget/get'), a, b)).toEqual([
      expect.stringMatching(
        /^GET \/api\/leakyGadget\/get: "id" of provider A answered 200\/0 .*a missing one 404\/404001/,
      ),
    ]);
  });
});
