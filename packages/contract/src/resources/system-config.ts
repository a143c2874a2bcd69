import { z } from 'zod';
import { id, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

export const configTypes = ['site', 'agreement', 'price', 'policy', 'edition', 'parameter', 'voiceCode'] as const;
export const configTypeLabels: Record<(typeof configTypes)[number], string> = {
  site: '站点信息',
  agreement: '协议文本',
  price: '价格',
  policy: '免授权码策略',
  edition: '版本套餐',
  parameter: '系统参数',
  voiceCode: '语音码设置',
};
export const configType = z.enum(configTypes, { error: '配置类型不存在' });
export type ConfigType = z.infer<typeof configType>;

/** Keys whose value is integer fen; the batch write refuses anything else for them. */
export const fenConfigKeys = ['webPrice', 'staffAppletPrice', 'voiceCodePrice'] as const;
/** Keys that are a yes/no switch, stored as '1' or '0'. */
export const switchConfigKeys = ['voiceCodeSelfService'] as const;

/**
 * 语音码设置 (config type `voiceCode`): the price new batches default to and providers are shown
 * (`getAndroidVoicePrice`), and whether providers may take codes for their terminals themselves
 * (`obtainVoiceCode`); when not, only the platform binds codes (`takeVoiceCode`).
 */
export const voiceCodeConfigKeys = { price: 'voiceCodePrice', selfService: 'voiceCodeSelfService' } as const;

export const configRow = z.object({
  id,
  key: z.string(),
  value: z.string(),
  type: configType,
  title: z.string(),
  remark: z.string(),
  version: z.number().int(),
  updatedAt: isoTime,
});
export type ConfigRow = z.infer<typeof configRow>;

/** Public facts the header and the public agreement pages show before sign-in. */
export const siteInfo = z.object({
  platformName: z.string(),
  servicePhone: z.string(),
  serviceEmail: z.string(),
  serviceQr: z.string(),
  helpCenterUrl: z.string(),
});
export const agreementKeys = ['privacyAgreement', 'userAgreement', 'renewalAgreement', 'privatezc'] as const;

const configBatch = z.object({
  items: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(60),
        value: z.string().max(100_000, '内容过长'),
        /** The version the operator saw; a stale one refuses the whole batch. */
        version: z.number().int().min(1).optional(),
      }),
    )
    .min(1, '没有要保存的配置')
    .max(100),
});

export const systemConfigEndpoints = {
  listByType: defineEndpoint({
    method: 'GET',
    path: '/systemConfig/getListByType',
    access: { permission: 'systemConfig.get' },
    audience: 'platform',
    summary: '按类型查询系统配置',
    module: '系统配置',
    write: false,
    query: z.object({ type: configType }),
    response: z.array(configRow),
  }),
  updateBatch: defineEndpoint({
    method: 'POST',
    path: '/systemConfig/updateBatch',
    access: { permission: 'systemConfig.update' },
    audience: 'platform',
    summary: '批量修改系统配置',
    module: '系统配置',
    write: true,
    body: configBatch,
    response: z.array(configRow),
  }),
  site: defineEndpoint({
    method: 'GET',
    path: '/systemConfig/site',
    access: 'public',
    audience: 'any',
    summary: '站点信息',
    module: '系统配置',
    write: false,
    response: siteInfo,
  }),
  agreement: defineEndpoint({
    method: 'GET',
    path: '/systemConfig/agreement',
    access: 'public',
    audience: 'any',
    summary: '协议文本',
    module: '系统配置',
    write: false,
    query: z.object({ key: z.enum(agreementKeys, { error: '协议不存在' }) }),
    response: z.object({ key: z.string(), title: z.string(), content: z.string(), updatedAt: isoTime }),
  }),
  voiceCodeGet: defineEndpoint({
    method: 'GET',
    path: '/systemConfig/getVoiceCodeConfig',
    access: { permission: 'voiceCodeConfig.get' },
    audience: 'platform',
    summary: '查询语音码设置',
    module: '系统配置',
    write: false,
    response: z.array(configRow),
  }),
  /** The batch write restricted to the 语音码设置 keys, under that screen's own permission. */
  voiceCodeUpdate: defineEndpoint({
    method: 'POST',
    path: '/systemConfig/updateVoiceCodeConfig',
    access: { permission: 'voiceCodeConfig.update' },
    audience: 'platform',
    summary: '修改语音码设置',
    module: '系统配置',
    write: true,
    body: configBatch,
    response: z.array(configRow),
  }),
} as const;
