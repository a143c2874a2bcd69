import { type EndpointDef, permissionOf } from '@console/contract';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  type OpenApiDocument,
  documentErrorResponses,
  nameRequestBodies,
  pruneUnusedSchemas,
  uniqueOperationIds,
} from './openapi-document.js';

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
 * The OpenAPI document is generated from the routes' zod schemas (the contract), so it cannot
 * drift from what the server validates. Register before any route: swagger collects them as
 * they are added. Browsable at /api/docs, raw at /api/docs/json. Each operation carries its
 * contract name (operationId), its permission (`x-permission`) and audience, so a client
 * generator and the route sweep read what each needs from the document.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Named schemas come from zod's global registry: the contract names each with `.meta({ id })`
  // (packages/contract/src/schema-names.ts), and a route using one gets a `$ref` to it.
  const schemas = createJsonSchemaTransform({});
  const componentSchemas = createJsonSchemaTransformObject({});
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
    transformObject: (input) => {
      const doc = documentErrorResponses(uniqueOperationIds(componentSchemas(input) as OpenApiDocument));
      // Pruned before the bodies are named: a resource whose create is custom leaves its derived
      // `…CreateInput` unused, and the custom body takes that name.
      return nameRequestBodies(pruneUnusedSchemas(doc));
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // Swagger UI 6 boots from its own script file, so the global CSP applies unchanged.
    staticCSP: false,
  });
}
