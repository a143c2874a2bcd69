import type { FastifyInstance } from 'fastify';
import type { RegisteredResource } from '../src/crud/types.js';
import { createTestAgent, createTestOperator, type TestOperator } from './operators.js';
import type { TestApp } from './test-app.js';

/**
 * The generic tenant-isolation suite: for every resource registered with registerResource that
 * is tenant-scoped, open to provider operators and has `create`, provider A creates a row (from
 * the registration's `sample` factory) and provider B, holding every permission of the
 * resource, must not see, get, update or delete it; each refusal must look exactly like a
 * missing record. Resources join by being registered; nothing here names one.
 */
export function isolationTargets(app: FastifyInstance): RegisteredResource[] {
  return app.resources.filter(
    (r) => r.resource.tenant === 'agent' && r.resource.audience !== 'platform' && r.resource.endpoints.create,
  );
}

type Envelope = { errCode: number; errMsg: string; data: unknown; fieldErrors?: Record<string, string> };

/** Runs the checks for one resource; returns every violation found (empty when isolated). */
export async function checkIsolation(t: TestApp, target: RegisteredResource): Promise<string[]> {
  const { resource, options } = target;
  const name = resource.name;
  if (!options.sample) {
    return [`${name}: registerResource needs a \`sample\` option (a valid create payload) for the isolation suite`];
  }
  const permissions = resource.actions.map((a) => `${name}.${a}`);
  const agentA = await createTestAgent(t.database.db);
  const agentB = await createTestAgent(t.database.db);
  const opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions });
  const opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions });
  const ep = resource.endpoints;
  const call = async (op: TestOperator, method: string, path: string, body?: object) => {
    const m = method === 'GET' ? 'GET' : 'POST';
    const res = await t.app.inject({
      method: m,
      url: `/api${path}`,
      headers: op.headers,
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const methodOf = (e: { method: string | readonly string[] }) =>
    (typeof e.method === 'string' ? e.method : e.method[0]) ?? 'POST';

  const sample = await options.sample({ db: t.database.db, agentId: agentA });
  // A forged agentId must not matter: the row lands with A regardless.
  const created = await call(opA, 'POST', ep.create?.path ?? '', { ...sample, agentId: String(agentB) });
  if (created.body.errCode !== 0) {
    return [
      `${name}: create as provider A failed (${created.body.errCode} ${created.body.errMsg} ${JSON.stringify(created.body.fieldErrors ?? {})})`,
    ];
  }
  const row = created.body.data as { id: string; agentId?: string; version?: number };
  const problems: string[] = [];
  if (row.agentId !== String(agentA))
    problems.push(`${name}: created row has agentId ${row.agentId}, expected ${agentA}`);

  // What "missing" looks like to B, to compare every refusal against.
  const missingId = '987654321';
  const expectMissing = async (
    label: string,
    foreign: Promise<{ status: number; body: Envelope }>,
    missing: Promise<{ status: number; body: Envelope }>,
  ) => {
    const [f, m] = await Promise.all([foreign, missing]);
    if (f.status !== 404 || f.body.errCode !== 404001) {
      problems.push(`${name}: ${label} of A's row as B answered ${f.status}/${f.body.errCode}, expected 404/404001`);
    } else if (f.body.errMsg !== m.body.errMsg || f.status !== m.status) {
      problems.push(`${name}: ${label} of A's row as B differs from a missing record`);
    }
  };
  // The list first: the delete attempt below would hide a leak from it if the delete leaked too.
  if (ep.page) {
    const list = await call(opB, 'POST', ep.page.path, { offset: 1, size: 500 });
    const ids = ((list.body.data as { list?: { id: string }[] } | null)?.list ?? []).map((r) => r.id);
    if (list.body.errCode !== 0) problems.push(`${name}: page as B failed (${list.body.errCode} ${list.body.errMsg})`);
    if (ids.includes(row.id)) problems.push(`${name}: B's list shows A's row`);
  }
  if (ep.get) {
    const path = (id: string) => `${ep.get?.path ?? ''}?id=${id}`;
    await expectMissing('get', call(opB, 'GET', path(row.id)), call(opB, 'GET', path(missingId)));
  }
  if (ep.update) {
    const patch = Object.fromEntries(Object.entries(sample).filter(([k]) => resource.writable.includes(k)));
    const upd = (id: string) => call(opB, 'POST', ep.update?.path ?? '', { ...patch, id, version: row.version ?? 1 });
    await expectMissing('update', upd(row.id), upd(missingId));
  }
  if (ep.delete) {
    const del = (id: string) =>
      call(opB, methodOf(ep.delete ?? { method: 'POST' }), `${ep.delete?.path ?? ''}?id=${id}`);
    await expectMissing('delete', del(row.id), del(missingId));
  }
  // A's row survived B's attempts unchanged.
  if (ep.get) {
    const own = await call(opA, 'GET', `${ep.get.path}?id=${row.id}`);
    const v = (own.body.data as { version?: number } | null)?.version;
    if (own.body.errCode !== 0 || v !== row.version)
      problems.push(`${name}: A's row changed or vanished after B's attempts`);
  }
  return problems;
}
