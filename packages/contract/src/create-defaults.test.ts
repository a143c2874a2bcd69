import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseFields, defineResource } from './resource.js';
import { saasRoleEndpoints } from './resources/saas-role.js';
import { enabledStatus, remark } from './resources/money-fields.js';

describe('create bodies leave out what a form leaves optional (issue 15 defect 8)', () => {
  const shop = defineResource({
    name: 'shop',
    prefix: '/shop',
    title: '店',
    module: '店',
    audience: 'any',
    tenant: 'none',
    entity: z.object({
      ...baseFields,
      name: z.string().trim().min(1).max(40),
      email: z.union([z.literal(''), z.string().email()]),
      sort: z.number().int().min(0).max(9999),
      status: enabledStatus,
      level: z.number().int().min(1),
      remark,
    }),
    writable: ['name', 'email', 'sort', 'status', 'level', 'remark'],
  });

  it('fills remark, e-mail, sort and an enabled status with what the form would send', () => {
    expect(shop.createSchema.parse({ name: '甲', level: 2 })).toEqual({
      name: '甲',
      email: '',
      sort: 0,
      status: 1,
      level: 2,
      remark: '',
    });
  });

  it('keeps required what has no neutral value, and the values sent', () => {
    expect(shop.createSchema.safeParse({ level: 2 }).success).toBe(false);
    expect(shop.createSchema.safeParse({ name: '甲' }).success).toBe(false);
    expect(shop.createSchema.parse({ name: '甲', level: 1, status: 0, sort: 7 })).toMatchObject({ status: 0, sort: 7 });
  });

  it('applies to custom create bodies too (role)', () => {
    const body = saasRoleEndpoints.create.body!.parse({ name: '客服', code: 'cs', menuIds: [] });
    expect(body).toMatchObject({ sort: 0, status: 1, remark: '' });
  });
});
