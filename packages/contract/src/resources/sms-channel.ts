import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, labelledEnum, money, phone } from '../common.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { enabledStatus, remark } from './money-fields.js';

export const smsVendor = labelledEnum({ 1: '阿里云短信', 2: '腾讯云短信', 3: '华为云短信' });

/** A vendor's AccessKey secret. Write-only: no answer ever carries it, lists show it masked. */
export const smsKeySecret = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9+/=_-]{16,64}$/, 'AccessKey Secret 为 16–64 位字母、数字或 +/=_-');

/**
 * An SMS gateway account the platform sends through. Enabled channels are tried in priority order
 * (higher first); a message one channel fails is handed to the next (failover).
 */
export const smsChannelResource = defineResource({
  name: 'smsChannel',
  prefix: '/smsChannel',
  title: '短信通道',
  module: '短信管理',
  deleteEffect: {
    undo: 'permanent',
    dependents: '之后的短信由其余启用的通道按优先级发送；已发送的短信记录保留。',
  },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(2, '通道名称至少 2 个字').max(30, '通道名称最多 30 个字'),
    vendor: smsVendor,
    signName: z
      .string()
      .trim()
      .min(2, '短信签名至少 2 个字')
      .max(12, '短信签名最多 12 个字')
      .regex(/^[^【】[\]]+$/, '签名不需要带【】'),
    accessKeyId: z.string().trim().max(64),
    /** The stored secret masked but for its last 4 characters; '' when none is stored. */
    secretMasked: z.string(),
    /** Cost per message, fen. */
    unitPrice: money({ max: 100, maxMessage: '单价不超过 1 元' }),
    priority: z.number().int().min(0).max(100),
    status: enabledStatus,
    sentCount: z.number().int(),
    remark,
  }),
  writable: ['name', 'vendor', 'signName', 'accessKeyId', 'unitPrice', 'priority', 'status', 'remark'],
  createExtra: { accessKeySecret: smsKeySecret },
  // Left out or blank: the stored secret stays.
  updateExtra: { accessKeySecret: z.union([smsKeySecret, z.literal('')]).optional() },
  labels: {
    name: '通道名称',
    signName: '短信签名',
    vendor: '服务商',
    accessKeyId: 'AccessKey ID',
    secretMasked: 'AccessKey Secret',
    unitPrice: '单价',
    priority: '优先级',
    status: '状态',
    sentCount: '已发送',
  },
  filters: {
    keyword: filter(z.string().trim().max(30), 'contains', { columns: ['name', 'signName'] }),
    vendor: filter(smsVendor, 'eq'),
    status: filter(enabledStatus, 'eq'),
  },
  sortable: ['priority', 'sentCount'],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
});
export type SmsChannel = z.infer<typeof smsChannelResource.entity>;

/**
 * Sends one test message through a channel (the SMS adapter) and reports the gateway's answer.
 * Not a logged write: it changes no settings, and the gateway call must not hold a transaction.
 */
export const testSmsChannelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/smsChannel/test',
  access: { permission: 'smsChannel.test' },
  audience: 'platform',
  summary: '发送测试短信',
  module: '短信管理',
  write: false,
  body: z.object({ id, phone }),
  response: z.object({ ok: z.boolean(), messageId: z.string(), message: z.string(), elapsedMs: z.number().int() }),
});
