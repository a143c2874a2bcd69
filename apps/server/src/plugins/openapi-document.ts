import { errors } from '@console/contract';

/**
 * The passes that turn what @fastify/swagger collects from the routes into a document a client
 * generator can use: unique operation names, a name for every request body, the error envelope
 * as every operation's 4xx/5xx answer, and only the components something points at.
 */

export type Operation = Record<string, unknown> & {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, unknown>;
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown> | undefined>;
} & Record<string, unknown>;

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/**
 * One route with several methods is one operation object under each method; an operation id
 * must be unique, so every method after the endpoint's first gets its own (`…_post`, `…_head`).
 * Two endpoints whose paths end alike keep their whole path as the name.
 */
export function uniqueOperationIds(doc: OpenApiDocument): OpenApiDocument {
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

/** `homeUser.updateOpen` → `HomeUserUpdateOpen`. */
function typeNameOfOperation(operationId: string): string {
  return operationId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The contract names every resource's schemas (`StoreCreate`, …); a custom endpoint's body is
 * written inline where it is declared. Such a body becomes a component named after its
 * operation with the document's input suffix (`HomeUserUpdateOpenInput`), so every request
 * body has a type name. The methods of one route share their body and its name.
 */
export function nameRequestBodies(doc: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, unknown> = { ...doc.components?.schemas };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    const namedHere = new Map<string, string>();
    paths[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      const json = op.requestBody?.content?.['application/json'];
      if (!json?.schema || '$ref' in json.schema || !op.operationId) {
        paths[path][method] = op;
        continue;
      }
      const text = JSON.stringify(json.schema);
      let name = namedHere.get(text);
      if (!name) {
        name = `${typeNameOfOperation(op.operationId.replace(/_(get|post|head)$/, ''))}Input`;
        if (name in schemas) throw new Error(`OpenAPI: request body name ${name} is taken (${method} ${path})`);
        schemas[name] = json.schema;
        namedHere.set(text, name);
      }
      const content = {
        ...op.requestBody?.content,
        'application/json': { ...json, schema: { $ref: schemaRef(name) } },
      };
      paths[path][method] = { ...op, requestBody: { ...op.requestBody, content } };
    }
  }
  return { ...doc, paths, components: { ...doc.components, schemas } };
}

/** The declared error codes of one HTTP status class, as a Markdown list for the response's description. */
function codesOfClass(statusClass: 4 | 5): string {
  return Object.values(errors)
    .filter((e) => Math.floor(e.status / 100) === statusClass)
    .map((e) => `- ${e.code}（HTTP ${e.status}）：${e.message}`)
    .join('\n');
}

/**
 * Every failure answers the error envelope (plugins/errors.ts): validation, sign-in, permission,
 * a missing record, a conflict, rate limits, and server or upstream failures. Each operation
 * says so once per status class, pointing at two shared responses.
 */
export function documentErrorResponses(doc: OpenApiDocument): OpenApiDocument {
  const envelope = { 'application/json': { schema: { $ref: schemaRef('ErrorEnvelope') } } };
  const responses = {
    ...doc.components?.responses,
    ClientError: {
      description: `请求被拒绝，返回错误信封；errCode 为以下之一：\n\n${codesOfClass(4)}`,
      content: envelope,
    },
    ServerError: {
      description: `服务器或外部系统出错，返回错误信封（不含内部细节，凭 requestId 对照日志）；errCode 为以下之一：\n\n${codesOfClass(5)}`,
      content: envelope,
    },
  };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    paths[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      paths[path][method] = {
        ...op,
        responses: {
          ...op.responses,
          '4XX': { $ref: '#/components/responses/ClientError' },
          '5XX': { $ref: '#/components/responses/ServerError' },
        },
      };
    }
  }
  return { ...doc, paths, components: { ...doc.components, responses } };
}

/** Every `#/components/schemas/…` name that a value points at. */
function schemaRefsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) schemaRefsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        into.add(child.slice('#/components/schemas/'.length));
      } else schemaRefsIn(child, into);
    }
  }
}

/**
 * The schema generator writes every named contract schema twice, as output (`Store`) and as
 * input (`StoreInput`), whether or not an operation uses that side. Only the components that
 * operations reach, directly or through other components, stay.
 */
export function pruneUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const all = doc.components?.schemas ?? {};
  const reached = new Set<string>();
  schemaRefsIn({ ...doc, components: { ...doc.components, schemas: {} } }, reached);
  const queue = [...reached];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const found = new Set<string>();
    schemaRefsIn(all[name], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => reached.has(name)));
  return { ...doc, components: { ...doc.components, schemas } };
}
