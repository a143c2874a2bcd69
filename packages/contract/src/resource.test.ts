import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { id, labelledEnum } from './common.js';
import { exportTask } from './export.js';
import {
  baseFields,
  type CreateInputOf,
  defineResource,
  type EntityOf,
  filter,
  isIdSchema,
  rangeFilter,
  resourceEndpoint,
  tenantFields,
  type UpdateInputOf,
} from './resource.js';

const status = labelledEnum({ 1: '正常', 2: '停用' });
const shop = defineResource({
  name: 'shop',
  prefix: '/shop',
  title: '门店',
  module: '门店管理',
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    name: z.string().min(1).max(20),
    status,
    managerId: id.nullable(),
    enterpriseName: z.string(),
  }),
  writable: ['name', 'status', 'managerId'],
  createExtra: { password: z.string().min(8) },
  filters: {
    keyword: filter(z.string(), 'contains', { columns: ['name'] }),
    status: filter(status, 'eq'),
    createdAt: rangeFilter(z.string()),
  },
  sortable: ['name'],
  paths: { page: '/getPage', delete: '/deleteShop' },
});

describe('defineResource', () => {
  it('derives create from the writable fields, plus agentId for tenant resources and create-only extras', () => {
    expect(Object.keys(shop.createSchema.shape).sort()).toEqual(['agentId', 'managerId', 'name', 'password', 'status']);
    expect(shop.createSchema.safeParse({ name: '一店', status: 1, password: 'abcdefgh1' }).success).toBe(true);
    expect(shop.createSchema.safeParse({ name: '一店', status: 3, password: 'abcdefgh1' }).success).toBe(false);
    expectTypeOf<z.output<typeof shop.createSchema>>().toEqualTypeOf<{
      name: string;
      status: 1 | 2;
      managerId?: string | null | undefined;
      password: string;
      agentId?: string | undefined;
    }>();
    expectTypeOf<CreateInputOf<typeof shop>>().toHaveProperty('name').toEqualTypeOf<string>();
  });

  it('derives update as a partial of the writable fields with id and version', () => {
    const parsed = shop.updateSchema.parse({ id: '7', version: 2, name: '改' });
    expect(parsed).toEqual({ id: '7', version: 2, name: '改' });
    expect(shop.updateSchema.safeParse({ id: '7', name: '改' }).success).toBe(false);
    expect(Object.keys(shop.updateSchema.shape)).not.toContain('agentId');
    expectTypeOf<UpdateInputOf<typeof shop>>().toHaveProperty('version').toEqualTypeOf<number>();
    expectTypeOf<EntityOf<typeof shop>>().toHaveProperty('agentId').toEqualTypeOf<string>();
  });

  it('derives the list query: page fields, filters, whitelisted sort', () => {
    expect(shop.listSchema.parse({})).toMatchObject({ offset: 1, size: 20 });
    expect(shop.listSchema.safeParse({ sort: { field: 'name', order: 'ascend' } }).success).toBe(true);
    expect(shop.listSchema.safeParse({ sort: { field: 'id', order: 'descend' } }).success).toBe(true);
    expect(shop.listSchema.safeParse({ sort: { field: 'password', order: 'ascend' } }).success).toBe(false);
    expect(shop.listSchema.safeParse({ createdAt: { from: '2026-01-01' } }).success).toBe(true);
    expect(shop.defaultSort).toEqual({ field: 'id', order: 'descend' });
  });

  it('derives the endpoints in the spec style with a permission each', () => {
    const e = shop.endpoints;
    expect([e.page, e.get, e.create, e.update, e.delete].map((x) => [x?.method, x?.path, x?.access])).toEqual([
      ['POST', '/shop/getPage', { permission: 'shop.page' }],
      ['GET', '/shop/get', { permission: 'shop.get' }],
      ['POST', '/shop/create', { permission: 'shop.create' }],
      ['POST', '/shop/update', { permission: 'shop.update' }],
      [['GET', 'POST'], '/shop/deleteShop', { permission: 'shop.delete' }],
    ]);
    expect(e.create?.write).toBe(true);
    expect(e.page?.write).toBe(false);
    expect(e.create?.summary).toBe('新增门店');
    expect(e.delete?.query?.safeParse({ id: 'x' }).success).toBe(true);
  });

  it('leaves out actions not declared', () => {
    const log = defineResource({
      name: 'log',
      prefix: '/log',
      title: '日志',
      module: '日志',
      audience: 'platform',
      tenant: 'none',
      entity: z.object({ ...baseFields, text: z.string() }),
      actions: ['page'],
    });
    expect(log.endpoints.page).toBeDefined();
    expect([log.endpoints.get, log.endpoints.create, log.endpoints.update, log.endpoints.delete]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(Object.keys(log.createSchema.shape)).toEqual([]);
  });

  it('offers export only when asked: an export-task endpoint over the list body without paging', () => {
    expect(shop.endpoints.export).toBeUndefined();
    const described = defineResource({
      name: 'note',
      prefix: '/note',
      title: '便签',
      module: '便签',
      audience: 'platform',
      tenant: 'none',
      entity: z.object({ ...baseFields, text: z.string().describe('内容'), status, secret: z.string() }),
      actions: ['page', 'export'],
      labels: { status: '状态' },
      filters: { status: filter(status, 'eq') },
      sortable: ['text'],
    });
    const e = described.endpoints.export;
    expect([e?.method, e?.path, e?.access, e?.summary]).toEqual([
      'POST',
      '/note/export',
      { permission: 'note.export' },
      '导出便签列表',
    ]);
    // An export creates a task in 导出中心 (a write); the file comes later from its download.
    expect(e?.write).toBe(true);
    expect(e?.response).toBe(exportTask);
    expect(e?.file).toBeUndefined();
    expect(Object.keys(described.exportSchema.shape).sort()).toEqual(['sort', 'status']);
    expect(described.exportSchema.safeParse({ sort: { field: 'secret', order: 'ascend' } }).success).toBe(false);
    // Labelled fields in entity order; `version` and the unlabelled `secret` stay out.
    expect(described.exportColumns).toEqual(['id', 'createdAt', 'updatedAt', 'text', 'status']);
    expect(described.labels.text).toBe('内容');
  });

  it('refuses an export column without a Chinese label', () => {
    expect(() =>
      defineResource({
        name: 'bare',
        prefix: '/bare',
        title: '无名',
        module: '无名',
        audience: 'platform',
        tenant: 'none',
        entity: z.object({ ...baseFields, code: z.string() }),
        actions: ['page', 'export'],
        exportColumns: ['id', 'code'],
      }),
    ).toThrow('bare: export columns without a label: code');
  });

  it('builds custom endpoints in the same style', () => {
    const open = resourceEndpoint(shop, 'updateOpen', {
      method: 'POST',
      write: true,
      summary: '启用门店',
      query: z.object({ id }),
      response: z.null(),
    });
    expect(open).toMatchObject({
      path: '/shop/updateOpen',
      access: { permission: 'shop.updateOpen' },
      audience: 'any',
      module: '门店管理',
    });
    const stats = resourceEndpoint(shop, 'stats', {
      method: 'GET',
      write: false,
      summary: '门店统计',
      path: '/getHeadStatistics',
      permission: 'shop.page',
      audience: 'platform',
      response: z.object({ total: z.number() }),
    });
    expect(stats).toMatchObject({
      path: '/shop/getHeadStatistics',
      access: { permission: 'shop.page' },
      audience: 'platform',
    });
  });

  it('recognises id fields through optional, nullable and array wrappers', () => {
    expect(isIdSchema(id)).toBe(true);
    expect(isIdSchema(id.nullable().optional())).toBe(true);
    expect(isIdSchema(z.array(id))).toBe(true);
    expect(isIdSchema(z.string())).toBe(false);
  });
});
