import { z } from 'zod';
import { fen, id, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { displayName, remark } from './money-fields.js';

export const priceProduct = labelledEnum({ 1: '网页版', 2: '员工小程序' });
export const pricePeriod = labelledEnum({ 1: '月', 2: '季', 3: '年' });
export type PriceProduct = z.infer<typeof priceProduct>;
export type PricePeriod = z.infer<typeof pricePeriod>;

/**
 * One price table definition for each product (网页版价格, 员工小程序价格): an amount per edition
 * and period, with no provider (the base price) or for one provider (that provider's override).
 */
function priceResource<const N extends string>(name: N, title: string) {
  return defineResource({
    name,
    prefix: `/${name}`,
    title,
    module: '系统配置',
    // Renewals are priced from these rows (provider-console/price.ts on the server).
    deleteEffect: { undo: 'permanent', dependents: '之后的续费不再按这条价格计价。' },
    audience: 'platform',
    tenant: 'none',
    entity: z.object({
      ...baseFields,
      product: priceProduct,
      editionId: id,
      editionName: displayName,
      period: pricePeriod,
      /** Empty: the base price every provider pays unless it has an override. */
      providerId: id.nullable(),
      agentName: displayName,
      amount: fen,
      remark,
    }),
    writable: ['editionId', 'period', 'providerId', 'amount', 'remark'],
    labels: {
      product: '产品',
      editionId: '版本',
      editionName: '版本',
      period: '周期',
      providerId: '服务商',
      agentName: '服务商',
      amount: '价格',
    },
    filters: {
      editionId: filter(id, 'eq'),
      period: filter(pricePeriod, 'eq'),
      providerId: filter(id, 'eq'),
    },
    sortable: ['amount'],
    actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
    summaries: {
      create: `新增${title}`,
      update: `修改${title}`,
      delete: `删除${title}`,
    },
  });
}

export const webPriceResource = priceResource('webPrice', '网页版价格');
export const staffAppletPriceResource = priceResource('staffAppletPrice', '员工小程序价格');
/** The product each price screen shows (both read and write the one table). */
export const priceProductOf = { webPrice: 1, staffAppletPrice: 2 } as const satisfies Record<string, PriceProduct>;
export type ProductPrice = z.infer<typeof webPriceResource.entity>;
