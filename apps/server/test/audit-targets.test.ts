import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditOutcome, auditOutcome, freshWorlds, isDelete, permissionedWrites } from './audit-targets.js';
import { untargetedWrites } from './audit-targets-declarations.js';
import type { ProviderWorld } from './provider-world.js';
import { createTestApp } from './test-app.js';

// 操作历史 (issue 30 part 2) finds a record's rows by resource + targetId. This sweep calls every
// write route an operator with a permission reaches, with a valid input over its own records
// (route-sweep's fixtures), and checks the row each successful write left: it names a resource of
// the app (one a detail drawer can ask for) and that resource's record. Top-level await: the
// route list is the app's route table.
const t = await createTestApp();
afterAll(() => t.close());

const writes = permissionedWrites(t);
const outcomes = new Map<string, AuditOutcome>();

beforeAll(async () => {
  let worlds = await freshWorlds(t);
  for (const route of writes) {
    // A delete takes the record the next route would use: every delete gets worlds of its own.
    if (isDelete(route)) worlds = await freshWorlds(t);
    const world: ProviderWorld = route.endpoint.audience === 'agent' ? worlds.provider : worlds.platform;
    outcomes.set(route.label, await auditOutcome(t, route, world));
  }
}, 300_000);

describe('every successful write names its record in the operation log', () => {
  it('reaches enough routes to mean something', () => {
    // The routes the fixtures cannot call successfully (a state a sample cannot be in, a platform
    // record with no fixture) are not checked; this floor keeps the sweep from quietly shrinking.
    const logged = [...outcomes.values()].filter((o) => o.kind === 'logged');
    expect(writes.length).toBeGreaterThan(200);
    expect(logged.length).toBeGreaterThanOrEqual(90);
  });

  it('declares only routes that exist and write', () => {
    const labels = new Set(writes.map((r) => r.label));
    expect(Object.keys(untargetedWrites).filter((l) => !labels.has(l))).toEqual([]);
  });

  it.each(writes.map((r) => [r.label, r] as const))('%s', (label, route) => {
    const outcome = outcomes.get(label);
    if (!outcome || outcome.kind === 'refused' || label in untargetedWrites) return;
    const row = outcome.row;
    expect(row, 'a successful row for the request').not.toBeNull();
    const names = new Set(t.app.resources.map((r) => r.resource.name));
    expect(names.has(row?.resource ?? ''), `resource "${row?.resource}" is a resource of the app`).toBe(true);
    // A hard delete leaves no row: its target is then the id the request sent.
    const named = row?.found || (isDelete(route) && outcome.sent.includes(row?.targetId ?? ''));
    expect(named, `targetId "${row?.targetId}" names a ${row?.resource} record`).toBe(true);
  });
});
