import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { permissionOf, typeNameOf } from '@console/contract';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointRoutes } from '../../test/routes-of-app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
  'x-permission'?: string;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

const operationsOf = (doc: OpenApiDoc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is valid JSON generated from the contract and lists /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as OpenApiDoc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toContain('接口文档');
    const health = doc.paths['/api/health']?.get;
    expect(health).toBeDefined();
    // The envelope schema from the contract, not an empty placeholder.
    expect(JSON.stringify(health?.responses)).toContain('errCode');
    // Request bodies come from the contract's zod schemas, field names and all.
    const register = doc.paths['/api/public/register']?.post;
    const bodyRef = /"\$ref":"#\/components\/schemas\/(\w+)"/.exec(JSON.stringify(register?.requestBody))?.[1] ?? '';
    expect(JSON.stringify(doc.components.schemas[bodyRef])).toContain('contactPhone');
    // Console files and the SPA fallback are not API.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('is browsable at /api/docs with no inline script, under the global CSP', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({ method: 'GET', url: String(res.headers.location).replace(/^\.\//, '/api/docs/') });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  describe('feeds a client generator (issue 15)', () => {
    let doc: OpenApiDoc;
    let text: string;
    beforeAll(async () => {
      text = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
      doc = JSON.parse(text) as OpenApiDoc;
    });

    it('names every operation once, from the contract', () => {
      const ids = operationsOf(doc).map(({ op }) => op.operationId);
      expect(ids.every(Boolean)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(doc.paths['/api/saasRole/getMenuList']?.get?.operationId).toBe('saasRole.getMenuList');
      expect(doc.paths['/api/saasic/homeUser/getPage']?.post?.operationId).toBe('homeUser.getPage');
      expect(doc.servers?.length).toBeGreaterThan(0);
    });

    it('resolves every $ref inside the document (recursive schemas are components)', () => {
      const refs = new Set<string>();
      JSON.parse(text, (key, value: unknown) => {
        if (key === '$ref' && typeof value === 'string') refs.add(value);
        return value;
      });
      const components: Record<string, Record<string, unknown>> = doc.components;
      const unresolved = [...refs].filter((ref) => {
        const [, kind = '', name = ''] = /^#\/components\/(\w+)\/(\w+)$/.exec(ref) ?? [];
        return !(name in (components[kind] ?? {}));
      });
      expect(unresolved).toEqual([]);
      expect(refs).toContain('#/components/schemas/MenuTreeNode');
      expect(refs).toContain('#/components/responses/ClientError');
    });

    it('names the schemas of every resource and every request body', () => {
      const schemas = doc.components.schemas;
      const missing: string[] = [];
      for (const { resource } of t.app.resources) {
        const name = typeNameOf(resource.name);
        const has = (action: string) => resource.actions.includes(action as (typeof resource.actions)[number]);
        const expected = [
          ...(['page', 'get', 'create', 'update'].some(has) ? [name] : []),
          ...(has('page') ? [`${name}QueryInput`, `${name}Page`] : []),
          ...(has('create') ? [`${name}CreateInput`] : []),
          ...(has('update') ? [`${name}UpdateInput`] : []),
          ...(has('export') ? [`${name}ExportQueryInput`] : []),
        ];
        missing.push(...expected.filter((schema) => !(schema in schemas)));
      }
      expect(missing).toEqual([]);
      expect(t.app.resources.length).toBeGreaterThan(40);
      // A custom endpoint's inline body is named after its operation.
      const inlineBodies = operationsOf(doc)
        .filter(({ op }) => op.requestBody)
        .filter(({ op }) => !JSON.stringify(op.requestBody).includes('"$ref":"#/components/schemas/'))
        .map(({ path, method }) => `${method} ${path}`);
      expect(inlineBodies).toEqual([]);
      expect(doc.paths['/api/store/create']?.post?.requestBody).toEqual({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/StoreCreateInput' } } },
        required: true,
      });
    });

    it("documents the error envelope as every operation's 4xx and 5xx answer", () => {
      const envelope = doc.components.schemas.ErrorEnvelope as { required?: string[]; properties?: object };
      expect(envelope.required).toEqual(['errCode', 'errMsg', 'data']);
      expect(Object.keys(envelope.properties ?? {})).toEqual(['errCode', 'errMsg', 'data', 'fieldErrors', 'requestId']);
      for (const { path, method, op } of operationsOf(doc)) {
        expect(op.responses?.['4XX'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/ClientError' });
        expect(op.responses?.['5XX'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/ServerError' });
      }
      // The codes an operator's client may meet are listed from the contract's error table.
      expect(JSON.stringify(doc.components.responses.ClientError)).toContain('400100');
      expect(JSON.stringify(doc.components.responses.ServerError)).toContain('500000');
    });

    it('marks the public operations as needing no token and declares every permission', () => {
      for (const route of endpointRoutes(t.app)) {
        const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
        expect(op, route.label).toBeDefined();
        if (route.endpoint.access === 'public') expect(op?.security, route.label).toEqual([]);
        else expect(op?.security, route.label).toBeUndefined();
        expect(op?.['x-permission'], route.label).toBe(permissionOf(route.endpoint.access) ?? undefined);
      }
    });

    it('passes `redocly lint` with no error and no warning', { timeout: 60_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
      try {
        const file = join(dir, 'openapi.json');
        writeFileSync(file, text);
        const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
        const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=json'], {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
        const report = JSON.parse(stdout) as {
          totals: { errors: number; warnings: number };
          problems: { severity: string; ruleId: string; message: string }[];
        };
        expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
        expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('generates a typed client with openapi-typescript', { timeout: 60_000 }, async () => {
      const client = astToString(await openapiTS(text));
      expect(client).toContain('"saasRole.getMenuList": {');
      expect(client).toContain('MenuTreeNode: {');
      // Entities and inputs are named types that operations refer to, not anonymous copies.
      for (const name of ['Store', 'StoreCreateInput', 'StorePage', 'ErrorEnvelope']) {
        expect(client).toContain(`    ${name}: {`);
        expect(client).toContain(`components["schemas"]["${name}"]`);
      }
      // A labelled enum's values reach the client as a union, not a bare number.
      expect(client).toMatch(/\n {8}IpRestriction: \{\n(?: {12}.*\n)*? {12}ruleType: 1 \| 2;/);
      expect(client).toContain('"4XX": components["responses"]["ClientError"]');
      expect(client).toContain('"5XX": components["responses"]["ServerError"]');
    });
  });
});
