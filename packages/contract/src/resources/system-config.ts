import { z } from 'zod';
import { id, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

export const configTypes = ['site', 'agreement', 'price', 'policy', 'edition', 'parameter'] as const;
export const configTypeLabels: Record<(typeof configTypes)[number], string> = {
  site: '站点信息',
  agreement: '协议文本',
  price: '价格',
  policy: '免授权码策略',
  edition: '版本套餐',
  parameter: '系统参数',
};
export const configType = z.enum(configTypes, { error: '配置类型不存在' });

/** Keys whose value is integer fen; the batch write refuses anything else for them. */
export const fenConfigKeys = ['webPrice', 'staffAppletPrice', 'voiceCodePrice'] as const;

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
    body: z.object({
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
    }),
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
} as const;
