import { type EndpointDef, isIdSchema } from '@console/contract';
import { sql } from 'kysely';
import { type z, ZodObject } from 'zod';
import type { TestOperator } from './operators.js';
import { type ProviderWorld, missingValue, recordValue, versionOf } from './provider-world.js';
import { type RecordInput, catalogueInputs, fixedInputs, idOwners, recordInputs } from './route-sweep-declarations.js';
import { type AppRoute, concreteUrl, pathParamsOf } from './routes-of-app.js';
import type { TestApp } from './test-app.js';
import { exampleOf } from './zod-example.js';

type EndpointRoute = AppRoute & { endpoint: EndpointDef };
type Envelope = { errCode: number; errMsg: string; data: unknown; fieldErrors?: Record<string, string> };
export interface Answer {
  status: number;
  body: Envelope;
}

/** One call of a route: path parameters, query and body as given. */
export async function callRoute(
  t: TestApp,
  route: AppRoute,
  op: TestOperator | null,
  input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {},
): Promise<Answer> {
  const qs = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const res = await t.app.inject({
    method: route.method as 'GET' | 'POST',
    url: `${concreteUrl(route, input.params)}${qs ? `?${qs}` : ''}`,
    headers: op?.headers ?? {},
    ...(input.body !== undefined && route.method !== 'GET' ? { payload: input.body as object } : {}),
  });
  let body: Envelope;
  try {
    body = res.json<Envelope>();
  } catch {
    // A file (an export) is compared by its type: its bytes carry the time it was written, so two
    // exports of the same rows a second apart differ.
    body = { errCode: -1, errMsg: `not JSON: ${String(res.headers['content-type'])}`, data: null };
  }
  return { status: res.statusCode, body };
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof ZodObject ? schema.shape : {};
}

/** True when a key names a record: `id`, `…Id`, `…Ids`, a contract id schema, or a declared input. */
function isRecordKey(key: string, schema: z.ZodType | undefined): boolean {
  if (catalogueInputs.has(key)) return false;
  return key in recordInputs || key === 'id' || key === 'ids' || /[a-z]Ids?$/.test(key) || isIdSchema(schema);
}

/** Where each record key of a route travels. */
export function recordKeysOf(
  route: EndpointRoute,
): { key: string; where: 'params' | 'query' | 'body'; many: boolean }[] {
  const out: { key: string; where: 'params' | 'query' | 'body'; many: boolean }[] = [];
  for (const key of pathParamsOf(route)) out.push({ key, where: 'params', many: false });
  for (const [key, s] of Object.entries(shapeOf(route.endpoint.query))) {
    if (isRecordKey(key, s)) out.push({ key, where: 'query', many: false });
  }
  if (route.method !== 'GET') {
    for (const [key, s] of Object.entries(shapeOf(route.endpoint.body))) {
      if (isRecordKey(key, s)) out.push({ key, where: 'body', many: key.endsWith('Ids') || key === 'ids' });
    }
  }
  return out;
}

/** The owner of a route's `id`: the resource its permission belongs to, or a declared prefix. */
function idOwnerOf(route: EndpointRoute, world: ProviderWorld): string | undefined {
  const access = route.endpoint.access;
  const resource = typeof access === 'object' ? access.permission.split('.')[0] : undefined;
  if (resource && world.rows.has(resource)) return resource;
  return Object.entries(idOwners).find(([prefix]) => route.url.startsWith(prefix))?.[1];
}

function inputFor(route: EndpointRoute, key: string, world: ProviderWorld): RecordInput | undefined {
  if (key === 'id' || key === 'ids') {
    const owner = idOwnerOf(route, world);
    return owner ? { owner } : undefined;
  }
  return recordInputs[key];
}

export interface Built {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** A valid input of the route in B's world: an example, B's own sample for a create, B's records. */
async function baseInput(t: TestApp, route: EndpointRoute, b: ProviderWorld): Promise<Built | string> {
  const ep = route.endpoint;
  const fixed = fixedInputs[route.label] ?? {};
  const query = { ...(ep.query ? (exampleOf(ep.query) as object) : {}), ...(route.method === 'GET' ? fixed : {}) };
  let body =
    ep.body && route.method !== 'GET' ? { ...(exampleOf(ep.body) as Record<string, unknown>), ...fixed } : undefined;
  const target = t.app.resources.find((r) => r.resource.endpoints.create === ep || r.resource.endpoints.update === ep);
  const sampled = new Set<string>();
  if (target?.options.sample) {
    const sample = await target.options.sample({ db: t.database.db, agentId: b.agentId });
    const fields = target.resource.endpoints.create === ep ? Object.keys(sample) : target.resource.writable;
    const picked = Object.entries(sample).filter(([k]) => fields.includes(k));
    for (const [k] of picked) sampled.add(k);
    body = { ...body, ...Object.fromEntries(picked) };
  }
  const built: Built = { params: {}, query, body };
  for (const k of recordKeysOf(route)) {
    // A create's sample made its own rows of B to point at (a fresh store per merchant application).
    if (k.where === 'body' && sampled.has(k.key) && k.key !== 'agentId') continue;
    const input = inputFor(route, k.key, b);
    if (!input)
      return `${route.label}: no provider fixture fills "${k.key}" (declare it in route-sweep-declarations.ts)`;
    const own = await recordValue(t, b, input);
    if (own === undefined) return `${route.label}: provider has no "${input.owner}" row for "${k.key}"`;
    place(built, k, own);
  }
  return built;
}

/** B's own valid input of a route, as a successful call sends it (its row's current version). */
export async function ownInput(t: TestApp, route: EndpointRoute, b: ProviderWorld): Promise<Built | string> {
  const built = await baseInput(t, route, b);
  if (typeof built === 'string' || !built.body || !('version' in shapeOf(route.endpoint.body))) return built;
  const idOwner = idOwnerOf(route, b);
  const id = typeof built.body.id === 'string' ? built.body.id : '';
  built.body.version = idOwner ? await versionOf(t, b, idOwner, id) : 1;
  return built;
}

function place(built: Built, k: { key: string; where: 'params' | 'query' | 'body'; many: boolean }, value: string) {
  if (k.where === 'params') built.params[k.key] = value;
  else if (k.where === 'query') built.query[k.key] = value;
  else built.body = { ...built.body, [k.key]: k.many ? [value] : value };
}

/**
 * What must be equal between the two answers. Two successful writes differ in what they made
 * (new ids, numbers, the value given), so only their envelopes are compared; reads in full.
 */
function comparable(answer: Answer, other: Answer, write: boolean): unknown {
  if (write && answer.body.errCode === 0 && other.body.errCode === 0) {
    return { status: answer.status, errCode: answer.body.errCode, errMsg: answer.body.errMsg };
  }
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k !== 'requestId')
          .map(([k, x]) => [k, strip(x)]),
      );
    }
    return v;
  };
  return { status: answer.status, ...(strip(answer.body) as object) };
}

/**
 * Provider B against provider A's records on one route: for each record input in turn, B's own
 * values everywhere else and A's value there must answer exactly as a value nobody has does.
 * Answers the violations (empty when the route keeps A's records out of B's reach).
 */
export async function checkForeignRecords(
  t: TestApp,
  route: EndpointRoute,
  a: ProviderWorld,
  b: ProviderWorld,
): Promise<string[]> {
  const keys = recordKeysOf(route);
  if (!keys.length) return [];
  const problems: string[] = [];
  for (const k of keys) {
    const input = inputFor(route, k.key, b);
    if (!input)
      return [`${route.label}: no provider fixture fills "${k.key}" (declare it in route-sweep-declarations.ts)`];
    const foreignValue = await recordValue(t, a, input);
    if (foreignValue === undefined) return [`${route.label}: provider A has no "${input.owner}" row for "${k.key}"`];
    const answers: Answer[] = [];
    let version: number | undefined;
    for (const value of [foreignValue, missingValue(input)]) {
      const built = await baseInput(t, route, b);
      if (typeof built === 'string') return [built];
      place(built, k, value);
      if (built.body && 'version' in shapeOf(route.endpoint.body)) {
        // The addressed row's current version: A's row's when `id` is A's (and the same number
        // for the missing id), else B's own row's, read afresh (the first call may have moved it).
        const idOwner = idOwnerOf(route, b);
        const current = async (w: ProviderWorld) =>
          idOwner ? versionOf(t, w, idOwner, typeof built.body?.id === 'string' ? built.body.id : '') : 1;
        if (k.key === 'id') version ??= await current(a);
        built.body.version = k.key === 'id' ? version : await current(b);
      }
      const invalid = validate(route, built);
      if (invalid) return [`${route.label}: the sweep's input for "${k.key}" is invalid (${invalid})`];
      answers.push(await callRoute(t, route, b.op, built));
    }
    const [foreign, missing] = answers as [Answer, Answer];
    await forgetCreated(t, route, foreign);
    // Refused before the record was looked at, the two answers agree and prove nothing.
    if ([403001, 5000].includes(missing.body.errCode)) {
      problems.push(`${route.label}: the sweep's call was refused (${missing.body.errCode} ${missing.body.errMsg})`);
      continue;
    }
    const write = route.endpoint.write;
    if (JSON.stringify(comparable(foreign, missing, write)) !== JSON.stringify(comparable(missing, foreign, write))) {
      problems.push(
        `${route.label}: "${k.key}" of provider A answered ${foreign.status}/${foreign.body.errCode} ${foreign.body.errMsg}` +
          ` ${JSON.stringify(foreign.body.fieldErrors ?? {})}, a missing one ${missing.status}/${missing.body.errCode}` +
          ` ${missing.body.errMsg} ${JSON.stringify(missing.body.fieldErrors ?? {})}`,
      );
    }
  }
  return problems;
}

function validate(route: EndpointRoute, built: Built): string | null {
  const ep = route.endpoint;
  const query = Object.fromEntries(
    Object.entries(built.query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const q = ep.query ? ep.query.safeParse(query) : { success: true as const };
  if (!q.success) return `query: ${q.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
  if (ep.body && route.method !== 'GET') {
    const b = ep.body.safeParse(built.body);
    if (!b.success) return `body: ${b.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
  }
  return null;
}

/**
 * Removes the row a create made from A's typed number (accepted, as it should be): left in
 * place, B would own that number too, and the update routes' check of it would meet B's own row.
 */
async function forgetCreated(t: TestApp, route: EndpointRoute, answer: Answer): Promise<void> {
  const target = t.app.resources.find((r) => r.resource.endpoints.create === route.endpoint);
  const id = (answer.body.data as { id?: string } | null)?.id;
  if (!target || answer.body.errCode !== 0 || !id) return;
  await sql`delete from ${sql.table(target.table)} where id = ${Number(id)}`.execute(t.database.db);
}
