import type { FastifyInstance } from 'fastify';
import type { RegisteredResource } from '../src/crud/types.js';
import { createTestAgent, createTestOperator, type TestOperator } from './operators.js';
import type { TestApp } from './test-app.js';

/**
 * The generic tenant-isolation suite: for every resource registered with registerResource that
 * is tenant-scoped and open to provider operators, provider A gets a row (created through the API
 * from the registration's `sample`, or for resources without create inserted by its `seed`) and
 * provider B, holding every permission of the resource, must not see, get, update or delete it;
 * each refusal must look exactly like a missing record. Resources join by being registered;
 * nothing here names one.
 */
export function tenantResources(app: FastifyInstance): RegisteredResource[] {
  return app.resources.filter((r) => r.resource.tenant === 'agent' && r.resource.audience !== 'platform');
}

/** The tenant resources the suite can exercise: with `create`, or with a `seed` factory. */
export function isolationTargets(app: FastifyInstance): RegisteredResource[] {
  return tenantResources(app).filter((r) => r.resource.endpoints.create || r.options.seed);
}

type Envelope = { errCode: number; errMsg: string; data: unknown; fieldErrors?: Record<string, string> };
type Answer = { status: number; body: Envelope };

export interface OwnRow {
  id: string;
  version: number;
  /** The create payload it was made from (empty for a seeded row). */
  sample: Record<string, unknown>;
  /** The provider the answer names, when the row was created through the API. */
  agentId?: string;
}

/**
 * Gives provider `agentId` a row of the resource: created through the API as `op` from the
 * registration's `sample` (with `forgedAgentId` in the body, which the server must ignore), or
 * inserted by its `seed`. Answers the row, or a sentence saying why none could be made.
 */
export async function createOwnRow(
  t: TestApp,
  target: RegisteredResource,
  op: TestOperator,
  agentId: number,
  forgedAgentId?: number,
): Promise<OwnRow | string> {
  const { resource, options } = target;
  const create = resource.endpoints.create;
  if (create ? !options.sample : !options.seed) {
    const option = create
      ? '`sample` option (a valid create payload)'
      : '`seed` option (inserts a row, returns its id)';
    return `${resource.name}: registerResource needs a ${option} for the isolation suite`;
  }
  if (create && options.sample) {
    const sample = await options.sample({ db: t.database.db, agentId });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${create.path}`,
      headers: op.headers,
      payload: { ...sample, ...(forgedAgentId !== undefined ? { agentId: String(forgedAgentId) } : {}) },
    });
    const body = res.json<Envelope>();
    if (body.errCode !== 0) {
      const why = `${body.errCode} ${body.errMsg} ${JSON.stringify(body.fieldErrors ?? {})}`;
      return `${resource.name}: create as provider ${agentId} failed (${why})`;
    }
    const row = body.data as { id: string; agentId?: string; version?: number };
    return {
      id: row.id,
      version: row.version ?? 1,
      sample,
      ...(row.agentId !== undefined ? { agentId: row.agentId } : {}),
    };
  }
  const id = await options.seed!({ db: t.database.db, agentId });
  return { id: String(id), version: 1, sample: {} };
}

/** Runs the checks for one resource; returns every violation found (empty when isolated). */
export async function checkIsolation(t: TestApp, target: RegisteredResource): Promise<string[]> {
  const { resource } = target;
  const name = resource.name;
  const ep = resource.endpoints;
  const permissions = resource.actions.map((a) => `${name}.${a}`);
  const agentA = await createTestAgent(t.database.db);
  const agentB = await createTestAgent(t.database.db);
  const opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions });
  const opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions });
  const call = async (op: TestOperator, method: string, path: string, body?: object): Promise<Answer> => {
    const res = await t.app.inject({
      method: method === 'GET' ? 'GET' : 'POST',
      url: `/api${path}`,
      headers: op.headers,
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const problems: string[] = [];

  // A forged agentId must not matter: the row lands with A regardless.
  const own = await createOwnRow(t, target, opA, agentA, agentB);
  if (typeof own === 'string') return [own];
  if (own.agentId !== undefined && own.agentId !== String(agentA))
    problems.push(`${name}: created row has agentId ${own.agentId}, expected ${agentA}`);
  const { id: rowId, version, sample } = own;

  // What "missing" looks like to B, to compare every refusal against.
  const missingId = '987654321';
  const expectMissing = async (label: string, foreign: Promise<Answer>, missing: Promise<Answer>) => {
    const [f, m] = await Promise.all([foreign, missing]);
    if (f.status !== 404 || f.body.errCode !== 404001) {
      problems.push(`${name}: ${label} of A's row as B answered ${f.status}/${f.body.errCode}, expected 404/404001`);
    } else if (f.body.errMsg !== m.body.errMsg || f.status !== m.status) {
      problems.push(`${name}: ${label} of A's row as B differs from a missing record`);
    }
  };
  // The list first: a leaking delete below would otherwise hide a leaking list.
  if (ep.page) {
    const list = await call(opB, 'POST', ep.page.path, { offset: 1, size: 500 });
    const ids = ((list.body.data as { list?: { id: string }[] } | null)?.list ?? []).map((r) => r.id);
    if (list.body.errCode !== 0) problems.push(`${name}: page as B failed (${list.body.errCode} ${list.body.errMsg})`);
    if (ids.includes(rowId)) problems.push(`${name}: B's list shows A's row`);
  }
  if (ep.get) {
    const path = (id: string) => `${ep.get?.path ?? ''}?id=${id}`;
    await expectMissing('get', call(opB, 'GET', path(rowId)), call(opB, 'GET', path(missingId)));
  }
  if (ep.update) {
    const patch = Object.fromEntries(Object.entries(sample).filter(([k]) => resource.writable.includes(k)));
    const upd = (id: string) => call(opB, 'POST', ep.update?.path ?? '', { ...patch, id, version });
    await expectMissing('update', upd(rowId), upd(missingId));
  }
  if (ep.delete) {
    const method = typeof ep.delete.method === 'string' ? ep.delete.method : (ep.delete.method[0] ?? 'POST');
    const del = (id: string) => call(opB, method, `${ep.delete?.path ?? ''}?id=${id}`);
    await expectMissing('delete', del(rowId), del(missingId));
  }
  // A's row survived B's delete attempt. Only existence is checked: simulators may move its
  // version on their own, and B's update answering 404001 already shows it did not apply.
  if (ep.get) {
    const own = await call(opA, 'GET', `${ep.get.path}?id=${rowId}`);
    if (own.body.errCode !== 0) problems.push(`${name}: A's row vanished after B's attempts`);
  }
  return problems;
}
