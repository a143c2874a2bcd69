import { type EndpointDef, menuTreeNode, permissionOf } from '@console/contract';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Schemas that contain themselves (the menu tree) cannot be written inline: they become
 * components, referenced by name. A recursive schema not listed here shows as a `$ref` to a
 * component the document lacks, which the OpenAPI test (openapi.test.ts) reports.
 */
const components = z.registry<{ id: string }>();
components.add(menuTreeNode, { id: 'MenuTreeNode' });

type Operation = Record<string, unknown> & { operationId?: string };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> } & Record<string, unknown>;

/**
 * The operation's name from the contract's own: the path's last two segments under /api, e.g.
 * `/saasRole/getMenuList` → `saasRole.getMenuList`, `/saasic/homeUser/getPage` → `homeUser.getPage`.
 */
export function operationIdOf(path: string): string {
  const segments = path.split('/').filter((s) => s && !s.startsWith(':') && s !== 'api');
  return segments.slice(-2).join('.');
}

/** What the document says about one endpoint beyond its schemas: name, access and audience. */
function describeEndpoint(endpoint: EndpointDef): Record<string, unknown> {
  const permission = permissionOf(endpoint.access);
  return {
    operationId: operationIdOf(endpoint.path),
    // Public operations need no token; the document's default (`security: [{ token }]`) does not apply.
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    ...(permission ? { 'x-permission': permission } : {}),
    'x-access': typeof endpoint.access === 'string' ? endpoint.access : 'permission',
    'x-audience': endpoint.audience,
  };
}

/**
 * One route with several methods is one operation object under each method; an operation id
 * must be unique, so every method after the endpoint's first gets its own (`…_post`, `…_head`).
 * Two endpoints whose paths end alike keep their whole path as the name.
 */
function uniqueOperationIds(doc: OpenApiDocument): OpenApiDocument {
  const paths = doc.paths ?? {};
  const counts = new Map<string, number>();
  for (const ops of Object.values(paths)) {
    const ids = new Set(Object.values(ops).map((op) => op.operationId));
    for (const id of ids) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const out: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(paths)) {
    const seen = new Set<string>();
    out[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      if (!op.operationId) {
        out[path][method] = op;
        continue;
      }
      const base = (counts.get(op.operationId) ?? 0) > 1 ? path.split('/').filter(Boolean).join('.') : op.operationId;
      const operationId = seen.has(base) ? `${base}_${method}` : base;
      seen.add(base);
      out[path][method] = { ...op, operationId };
    }
  }
  return { ...doc, paths: out };
}

/**
 * The OpenAPI document is generated from the routes' zod schemas (the contract), so it cannot
 * drift from what the server validates. Register before any route: swagger collects them as
 * they are added. Browsable at /api/docs, raw at /api/docs/json. Each operation carries its
 * contract name (operationId), its permission (`x-permission`) and audience, so a client
 * generator and the route sweep read what each needs from the document.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const schemas = createJsonSchemaTransform({ schemaRegistry: components });
  const componentSchemas = createJsonSchemaTransformObject({ schemaRegistry: components });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '门店云运营平台 接口文档',
        description:
          '所有接口返回信封 `{errCode, errMsg, data}`，errCode 为 0 表示成功。需要登录的接口在请求头 `token`（或 `X-Token`）中携带登录返回的令牌。',
        version: '1.0.0',
        license: { name: '专有软件', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: '当前服务器（接口均在 /api 下）' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
      security: [{ token: [] }],
    },
    transform: (input) => {
      const out = schemas(input);
      const endpoint = input.route.config?.endpoint;
      if (!endpoint || (out.schema as { hide?: boolean }).hide) return out;
      return { ...out, schema: { ...out.schema, ...describeEndpoint(endpoint) } };
    },
    // Cast kept: fastify-swagger types transformObject's answer per spec version; ours is OpenAPI 3 throughout.
    transformObject: (input) => uniqueOperationIds(componentSchemas(input) as OpenApiDocument) as never,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // Swagger UI 6 boots from its own script file, so the global CSP applies unchanged.
    staticCSP: false,
  });
}
