import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { defineResource, filter, rangeFilter } from '../resource.js';

export const loginLogResult = labelledEnum({ 1: '成功', 0: '失败' });

/** Every console sign-in attempt (登录日志), beside the operation log. */
export const loginLogResource = defineResource({
  name: 'loginLog',
  prefix: '/loginLog',
  title: '登录日志',
  module: '操作日志',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    id,
    loginName: z.string(),
    adminId: id.nullable(),
    ip: z.string(),
    userAgent: z.string(),
    /** 浏览器 · 系统 read from the user agent (e.g. Chrome 156 · Windows); the table shows it. */
    client: z.string(),
    result: loginLogResult,
    reason: z.string(),
    at: isoTime,
  }),
  filters: {
    // Prefix, not contains: the (login_name, at) index serves it.
    loginName: filter(z.string().trim().max(64), 'prefix'),
    ip: filter(z.string().trim().max(64), 'eq'),
    result: filter(loginLogResult, 'eq'),
    at: rangeFilter(isoTime.or(z.iso.date())),
  },
  sortable: ['at'],
  defaultSort: { field: 'at', order: 'descend' },
  actions: ['page'],
});
export type LoginLog = z.infer<typeof loginLogResource.entity>;
