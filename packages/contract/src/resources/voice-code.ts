import { z } from 'zod';
import { fen, id, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, rangeFilter } from '../resource.js';

/** A code moves 未分配 → 已分配 (to a provider) → 已使用 (bound to one device), each step once. */
export const voiceCodeStatus = labelledEnum({ 0: '未分配', 1: '已分配', 2: '已使用', 3: '已作废' });
export const VOICE_CODE_BATCH_MAX = 1000;

const voiceCodeEntity = z.object({
  ...baseFields,
  code: z.string(),
  batchNo: z.string(),
  status: voiceCodeStatus,
  price: fen,
  agentId: id.nullable(),
  storeId: id.nullable(),
  deviceId: id.nullable(),
  allocatedAt: isoTime.nullable(),
  usedAt: isoTime.nullable(),
  remark: z.string(),
  agentName: z.string().nullable(),
  deviceNo: z.string().nullable(),
});

const voiceFilters = {
  keyword: filter(z.string().trim().max(40), 'contains', { columns: ['code', 'batchNo'] }),
  status: filter(voiceCodeStatus, 'eq'),
  batchNo: filter(z.string().max(40), 'eq'),
  createdAt: rangeFilter(isoTime),
};

/** 语音码, platform list (/androidVoice/getPage). */
export const voiceCodeResource = defineResource({
  name: 'voiceCode',
  prefix: '/androidVoice',
  title: '语音码',
  module: '语音码',
  audience: 'platform',
  tenant: 'none',
  entity: voiceCodeEntity,
  filters: { ...voiceFilters, agentId: filter(id, 'eq') },
  sortable: ['createdAt', 'usedAt'],
  defaultSort: { field: 'id', order: 'descend' },
  // Export of the filtered list: with a batch number chosen, one batch's codes to hand over.
  actions: ['page', 'export'],
  paths: { page: '/getPage', export: '/export' },
  labels: {
    code: '语音码',
    batchNo: '批次号',
    status: '状态',
    price: '单价',
    agentName: '服务商',
    deviceNo: '绑定设备',
    allocatedAt: '分配时间',
    usedAt: '使用时间',
    remark: '备注',
  },
  exportColumns: ['code', 'batchNo', 'status', 'price', 'agentName', 'deviceNo', 'allocatedAt', 'usedAt', 'remark'],
});

/** 语音码, a provider's own codes (/aic/androidManage/getCodePage). */
export const agentVoiceCodeResource = defineResource({
  name: 'agentVoiceCode',
  prefix: '/aic/androidManage',
  title: '语音码',
  module: '语音码',
  audience: 'agent',
  tenant: 'agent',
  entity: voiceCodeEntity,
  filters: voiceFilters,
  sortable: ['createdAt', 'usedAt'],
  defaultSort: { field: 'id', order: 'descend' },
  actions: ['page'],
  paths: { page: '/getCodePage' },
});
export type VoiceCode = z.infer<typeof voiceCodeEntity>;

/** Counts by status (the cards above the list) and their value at each code's price, fen. */
export const voiceCodeSum = z.object({
  total: z.number().int(),
  unallocated: z.number().int(),
  allocated: z.number().int(),
  used: z.number().int(),
  voided: z.number().int(),
  amount: fen,
});
/** The sum field of each status, so cards and the server name them once. */
export const voiceCodeSumField = { 0: 'unallocated', 1: 'allocated', 2: 'used', 3: 'voided' } as const;

/** Binding a code to a device: the device's provider's allocated codes are used first come, first served. */
const bindQuery = z.object({ deviceId: id });
const bound = z.object({ deviceId: id, voiceCodeId: id, code: z.string() });

export const voiceCodeEndpoints = {
  pageSum: defineEndpoint({
    method: 'POST',
    path: '/androidVoice/getPageSum',
    access: { permission: 'voiceCode.page' },
    audience: 'platform',
    summary: '语音码按状态汇总',
    module: '语音码',
    write: false,
    body: z.object({ agentId: id.optional(), batchNo: z.string().max(40).optional() }),
    response: voiceCodeSum,
  }),
  void: defineEndpoint({
    method: 'POST',
    path: '/androidVoice/voidVoiceCode',
    access: { permission: 'voiceCode.void' },
    audience: 'platform',
    summary: '作废语音码',
    module: '语音码',
    write: true,
    body: z.object({
      ids: z.array(id).min(1, '请选择语音码').max(VOICE_CODE_BATCH_MAX),
      reason: z.string().trim().min(2, '请填写作废原因').max(100, '作废原因最多 100 字'),
    }),
    response: z.object({ voided: z.number().int() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/androidVoice/createVoiceCode',
    access: { permission: 'voiceCode.create' },
    audience: 'platform',
    summary: '生成语音码',
    module: '语音码',
    write: true,
    body: z.object({
      count: z
        .number()
        .int()
        .min(1, '至少生成 1 个')
        .max(VOICE_CODE_BATCH_MAX, `一次最多生成 ${VOICE_CODE_BATCH_MAX} 个`),
      /** Defaults to the configured voice code price. */
      price: fen.optional(),
      remark: z.string().trim().max(200).default(''),
    }),
    response: z.object({ batchNo: z.string(), count: z.number().int() }),
  }),
  allocate: defineEndpoint({
    method: 'GET',
    path: '/androidVoice/batchAllocation',
    access: { permission: 'voiceCode.allocate' },
    audience: 'platform',
    summary: '分配语音码给服务商',
    module: '语音码',
    write: true,
    query: z.object({
      agentId: id,
      count: z.coerce.number().int().min(1, '至少分配 1 个').max(VOICE_CODE_BATCH_MAX),
      batchNo: z.string().max(40).optional(),
    }),
    response: z.object({ allocated: z.number().int() }),
  }),
  take: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/takeVoiceCode',
    access: { permission: 'android.voiceCode' },
    audience: 'platform',
    summary: '为设备绑定语音码',
    module: '语音码',
    write: true,
    query: bindQuery,
    response: bound,
  }),
  obtain: defineEndpoint({
    method: 'GET',
    path: '/aic/androidManage/obtainVoiceCode',
    access: { permission: 'agentAndroid.voiceCode' },
    audience: 'agent',
    summary: '为设备领取语音码',
    module: '语音码',
    write: true,
    query: bindQuery,
    response: bound,
  }),
  price: defineEndpoint({
    method: 'GET',
    path: '/aic/androidManage/getAndroidVoicePrice',
    access: 'session',
    audience: 'any',
    summary: '语音码单价',
    module: '语音码',
    write: false,
    /** `balance`: the calling provider's account balance (null for a platform operator). */
    response: z.object({ price: fen, balance: fen.nullable().optional() }),
  }),
} as const;
