import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, recordId, resourceEndpoint } from '../resource.js';

export const smsPurpose = labelledEnum({ 1: '初始密码', 2: '审核结果', 3: '通道测试', 4: '营销短信' });
export const smsSendStatus = labelledEnum({ 0: '发送中', 1: '发送成功', 2: '发送失败' });

/**
 * 短信记录: every message the platform sent through the SMS adapter. `content` is the text with
 * any secret (an initial password) masked; the original is read only through `reveal`, which is
 * recorded in the operation log.
 */
export const smsLogResource = defineResource({
  name: 'smsLog',
  prefix: '/smsLog',
  title: '短信记录',
  module: '短信管理',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    phone: z.string().describe('手机号'),
    purpose: smsPurpose,
    content: z.string().describe('短信内容'),
    status: smsSendStatus,
    channelId: id.nullable(),
    channelName: z.string().describe('短信通道'),
    agentId: id.nullable(),
    agentName: z.string().describe('服务商'),
    gatewayMessage: z.string().describe('网关回复'),
    messageId: z.string().describe('网关消息编号'),
    attempts: z.number().int().describe('发送次数'),
    sentAt: isoTime.nullable(),
  }),
  actions: ['page', 'get', 'export'],
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['phone', 'content'] }),
    purpose: filter(smsPurpose, 'eq'),
    status: filter(smsSendStatus, 'eq'),
    createdAt: rangeFilter(isoTime.or(z.iso.date())),
  },
  sortable: ['createdAt', 'sentAt'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  labels: { purpose: '用途', status: '发送状态', sentAt: '发送时间', createdAt: '提交时间' },
  exportColumns: [
    'createdAt',
    'phone',
    'purpose',
    'content',
    'status',
    'channelName',
    'agentName',
    'gatewayMessage',
    'attempts',
    'sentAt',
  ],
});
export type SmsLog = z.infer<typeof smsLogResource.entity>;

export const smsLogEndpoints = {
  /** The message as sent, secrets included: for the demo and for support; each look is logged. */
  reveal: resourceEndpoint(smsLogResource, 'reveal', {
    method: 'GET',
    // Recorded like a write (who read which message), though it changes nothing.
    write: true,
    summary: '查看短信原文',
    query: z.object({ id: recordId }),
    response: z.object({ content: z.string() }),
  }),
  /** Sends a failed message again, through the channel chosen now. */
  resend: resourceEndpoint(smsLogResource, 'resend', {
    method: 'POST',
    write: true,
    summary: '重新发送短信',
    body: z.object({ id: recordId, version: z.number().int().min(1) }),
    response: z.null(),
  }),
};
