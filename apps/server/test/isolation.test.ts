import { afterAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from './crud-fixture.js';
import { checkIsolation, isolationTargets, tenantResources } from './isolation.js';
import { createTestApp } from './test-app.js';

// Top-level await: the targets come from the app's registry, so the test list is known only
// once the app is built.
const product = await createTestApp();
const fixture = await createFixtureApp();
afterAll(async () => {
  await product.close();
  await fixture.close();
});

describe('tenant isolation of every registered resource', () => {
  const targets = isolationTargets(product.app);

  it.each(targets.map((r) => [r.resource.name, r] as const))(
    '%s: provider B cannot reach provider A’s row',
    async (_name, target) => {
      expect(await checkIsolation(product, target)).toEqual([]);
    },
  );

  // Read-only tenant resources need a `seed` to be exercised: one without is a failure, not a warning.
  it('exercises every tenant resource providers reach', () => {
    const uncovered = tenantResources(product.app).filter((r) => !targets.includes(r));
    expect(uncovered.map((r) => r.resource.name)).toEqual([]);
  });
});

describe('the isolation suite itself (fixture resource)', () => {
  // The fixture app registers the product's resources too; pick the fixture by name.
  const fixtureGadget = () => isolationTargets(fixture.app).find((r) => r.resource.name === 'gadget')!;

  it('passes an isolated resource', async () => {
    const gadget = fixtureGadget();
    expect(await checkIsolation(fixture, gadget)).toEqual([]);
  });

  it('reports a resource whose scope leaks', async () => {
    const gadget = fixtureGadget();
    const leaky = fixture.app.resources.find((r) => r.resource.name === 'leakyGadget')!;
    // Registered without tenancy; examined as the tenant resource it should have been.
    const problems = await checkIsolation(fixture, {
      ...leaky,
      resource: { ...leaky.resource, tenant: 'agent' },
      options: { ...leaky.options, sample: gadget.options.sample },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/leakyGadget: get of A's row as B answered 200\/0/),
        expect.stringMatching(/leakyGadget: update of A's row as B answered 200\/0/),
        "leakyGadget: B's list shows A's row",
        expect.stringMatching(/leakyGadget: delete of A's row as B answered 200\/0/),
      ]),
    );
  });

  it('exercises a read-only resource through its seed', async () => {
    const view = isolationTargets(fixture.app).find((r) => r.resource.name === 'gadgetView');
    expect(view?.resource.endpoints.create).toBeUndefined();
    expect(await checkIsolation(fixture, view!)).toEqual([]);
    const unseeded = await checkIsolation(fixture, { ...view!, options: { ...view!.options, seed: undefined } });
    expect(unseeded).toEqual([expect.stringMatching(/gadgetView: registerResource needs a `seed`/)]);
  });

  it('asks for a sample factory when a resource has none', async () => {
    const gadget = fixtureGadget();
    const problems = await checkIsolation(fixture, { ...gadget, options: { ...gadget.options, sample: undefined } });
    expect(problems).toEqual([expect.stringMatching(/gadget: registerResource needs a `sample`/)]);
  });
});
