import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseFields, defineResource, filter, id, labelledEnum, rangeFilter, tenantFields } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { refType, withId, withTimestamps } from '../db/migrations/helpers.js';
import { AppError } from '../lib/app-error.js';
import { createTestDatabase, type TestApp } from '../../test/test-app.js';
import { registerResource } from './register-resource.js';
import { anyTableDb, resourceDb } from './types.js';

// Fixture resources for the machinery's own tests (imported by tests only): a tenant "gadget"
// with a self reference, a secret create-only input and a joined display name, and a
// platform-only "thing" without tenancy.

export const gadgetStatus = labelledEnum({ 1: '启用', 0: '停用' });

export const gadgetResource = defineResource({
  name: 'gadget',
  prefix: '/gadget',
  title: '测试物件',
  module: '测试模块',
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    name: z.string().trim().min(1, '请输入名称').max(40),
    code: z.string().trim().min(1).max(20).describe('编码'),
    status: gadgetStatus,
    price: z.number().int().min(0),
    parentId: id.nullable(),
    agentName: z.string(),
  }),
  writable: ['name', 'code', 'status', 'price', 'parentId'],
  createExtra: { password: z.string().min(6).optional() },
  filters: {
    keyword: filter(z.string().max(40), 'contains', { columns: ['name', 'code'] }),
    status: filter(gadgetStatus, 'eq'),
    statusIn: filter(z.array(gadgetStatus), 'in', { column: 'status' }),
    parentId: filter(id, 'eq'),
    price: rangeFilter(z.number().int()),
    createdAt: rangeFilter(z.string()),
    cheap: filter(z.literal(1), 'custom'),
  },
  sortable: ['price', 'name', 'createdAt', 'agentName'],
  defaultSort: { field: 'createdAt', order: 'descend' },
});

export const thingResource = defineResource({
  name: 'thing',
  prefix: '/thing',
  title: '平台物件',
  module: '测试模块',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().min(1).max(40), label: z.string() }),
  writable: ['name'],
  actions: ['page', 'get', 'create', 'delete'],
  paths: { page: '/getPage', delete: '/deleteThing' },
});

/**
 * The gadget table declared WITHOUT tenancy: what a forgotten `tenant: 'agent'` would look like.
 * The isolation suite's own test proves the suite catches it.
 */
export const leakyGadgetResource = defineResource({
  name: 'leakyGadget',
  prefix: '/leakyGadget',
  title: '泄漏物件',
  module: '测试模块',
  audience: 'any',
  tenant: 'none',
  entity: gadgetResource.entity,
  writable: ['name', 'code', 'status', 'price'],
});

/** A read-only tenant view of the same table: the isolation suite reaches it through `seed`. */
export const gadgetViewResource = defineResource({
  name: 'gadgetView',
  prefix: '/gadgetView',
  title: '物件视图',
  module: '测试模块',
  audience: 'agent',
  tenant: 'agent',
  entity: gadgetResource.entity,
  actions: ['page', 'get', 'delete'],
});

export const gadgetPermissions = ['page', 'get', 'create', 'update', 'delete'].map((a) => `gadget.${a}`);

async function createFixtureTables(db: Kysely<Database>): Promise<void> {
  const ref = refType(db);
  await withTimestamps(withId(db, db.schema.createTable('fixture_gadget')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('parent_id', ref, (c) => c.references('fixture_gadget.id'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('fixture_gadget_agent_created')
    .on('fixture_gadget')
    .columns(['agent_id', 'created_at', 'id'])
    .execute();
  await db.schema.createTable('fixture_note').addColumn('text', 'text').execute();
  await withTimestamps(withId(db, db.schema.createTable('fixture_thing')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

function registerFixtures(app: FastifyInstance): void {
  registerResource(app, gadgetResource, 'fixtureGadget', {
    joins: (qb) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { agentName: 'a.name' },
    customFilters: { cheap: (eb) => eb('t.price', '<', 100) },
    refs: { parentId: { table: 'fixtureGadget', tenant: true } },
    hooks: {
      beforeCreate: async (values, input, ctx) => {
        // A side write in the same transaction: proves a failing create leaves nothing behind.
        const fixtureDb = anyTableDb(ctx); // fixture tables are outside `Database`
        await fixtureDb
          .insertInto('fixtureNote')
          .values({ text: `create ${input.name}` })
          .execute();
        return { ...values, secretHash: input.password ? `hashed:${input.password.length}` : '' };
      },
      beforeUpdate: (patch) => {
        if (patch.name === '禁止') throw new AppError('stateConflict', { message: '该名称不可用' });
        return patch;
      },
    },
    sample: () => ({ name: '样例', code: `S${Math.random().toString(36).slice(2, 10)}`, status: 1, price: 5 }),
  });
  registerResource(app, leakyGadgetResource, 'fixtureGadget', {
    joins: (qb) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { agentName: 'a.name' },
    hooks: { beforeCreate: (values, _input, ctx) => ({ ...values, agentId: ctx.scope.agentId }) },
  });
  registerResource(app, gadgetViewResource, 'fixtureGadget', {
    joins: (qb) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { agentName: 'a.name' },
    seed: async ({ db, agentId }) => {
      const now = new Date().toISOString();
      const fixtureDb = resourceDb(db); // fixture tables are outside `Database`
      const row = await fixtureDb
        .insertInto('fixtureGadget')
        .values({
          agentId,
          name: '种子',
          code: `V${Date.now()}${Math.random()}`,
          status: 1,
          price: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
  });
  registerResource(app, thingResource, 'fixtureThing', {
    softDelete: { column: 'deleted', value: 1 },
    // A field computed in code rather than SQL.
    columns: { label: null },
    hooks: { afterRead: (wire) => ({ ...wire, label: `平台物件：${String(wire.name)}` }) },
  });
}

/**
 * The real app with the fixture resources registered, over a fresh database with their tables;
 * `extend` registers a test's own resources over the same tables.
 */
export async function createFixtureApp(extend?: (app: FastifyInstance) => void): Promise<TestApp> {
  const database = await createTestDatabase();
  await createFixtureTables(database.db);
  // Files the app writes (uploads, export tasks' files) live and die with it.
  const uploads = mkdtempSync(join(tmpdir(), 'console-fixture-'));
  const config = loadConfig({ DATABASE_URL: database.url, SEED_DEMO: '0', UPLOAD_DIR: uploads });
  const app = await buildApp({
    config,
    database,
    logLevel: 'silent',
    extend: (a) => {
      registerFixtures(a);
      extend?.(a);
    },
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}
