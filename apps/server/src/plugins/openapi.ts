import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas (the contract), so it cannot
 * drift from what the server validates. Register before any route: swagger collects them as
 * they are added. Browsable at /api/docs, raw at /api/docs/json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '门店云运营平台 接口文档',
        description:
          '所有接口返回信封 `{errCode, errMsg, data}`，errCode 为 0 表示成功。需要登录的接口在请求头 `token`（或 `X-Token`）中携带登录返回的令牌。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // Swagger UI 6 boots from its own script file, so the global CSP applies unchanged.
    staticCSP: false,
  });
}
