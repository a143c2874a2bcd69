import {
  hardwareProductResource,
  isRegionPath,
  loadRegions,
  macAddressImport,
  macAddressResource,
  shipToAddressResource,
  zkbEquipmentNoImport,
  zkbEquipmentNoResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow } from '../../crud/types.js';
import type { RequestContext } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { bindImport } from '../../imports/bind-import.js';
import { agentNameColumn, withAgentName } from '../stores/joins.js';

/** The registers of 订单管理: MAC addresses and gateway numbers (with Excel import), ship-to addresses, products. */
export function registerOrderRegisters(app: FastifyInstance): void {
  registerResource(app, macAddressResource, 'macAddress', {
    hooks: {
      beforeUpdate: (patch, existing) => {
        if (existing.status === 2 && patch.mac !== undefined && patch.mac !== existing.mac) {
          throw new AppError('stateConflict', { message: '已发货的 MAC 地址不能修改' });
        }
        return patch;
      },
      beforeDelete: (existing) => {
        if (existing.status !== 0)
          throw new AppError('stateConflict', { message: '已绑定或已发货的 MAC 地址不能删除' });
      },
    },
  });
  bindImport(app, macAddressImport, 'macAddress');
  registerResource(app, zkbEquipmentNoResource, 'zkbEquipmentNo', {
    hooks: {
      beforeUpdate: (patch, existing) => {
        if (existing.status === 1 && patch.equipmentNo !== undefined && patch.equipmentNo !== existing.equipmentNo) {
          throw new AppError('stateConflict', { message: '已发货的网关编号不能修改' });
        }
        return patch;
      },
      beforeDelete: (existing) => {
        if (existing.status === 1) throw new AppError('stateConflict', { message: '已发货的网关编号不能删除' });
      },
    },
  });
  bindImport(app, zkbEquipmentNoImport, 'zkbEquipmentNo');
  registerResource(app, shipToAddressResource, 'shipToAddress', {
    joins: withAgentName,
    columns: agentNameColumn,
    sample: () => ({
      receiver: '李娜',
      phone: '13700000000',
      region: '浙江省/杭州市/西湖区',
      address: '西湖区文三路 100 号',
      isDefault: 0,
    }),
    hooks: {
      beforeCreate: (values, _input, ctx) => addressRules(values, Number(values.agentId), null, ctx),
      beforeUpdate: (patch, existing, _input, ctx) =>
        addressRules(patch, Number(existing.agentId), Number(existing.id), ctx),
    },
  });
  registerResource(app, hardwareProductResource, 'hardwareProduct', {
    hooks: {
      beforeDelete: async (existing, ctx) => {
        const used = await ctx.db
          .selectFrom('hardwareOrderItem')
          .select('id')
          .where('productId', '=', Number(existing.id))
          .limit(1)
          .executeTakeFirst();
        if (used) throw new AppError('stateConflict', { message: '商品已有订单，不能删除，可改为下架' });
      },
    },
  });
}

let regions: ReturnType<typeof loadRegions> | undefined;

/**
 * A region must be a real 省/市/区 of the division data the cascader offers; making an address the
 * default takes the flag from the provider's other one in the same transaction (a partial unique
 * index holds the rule in the database as well).
 */
async function addressRules(values: DbRow, agentId: number, id: number | null, ctx: RequestContext): Promise<DbRow> {
  if (typeof values.region === 'string' && !isRegionPath(await (regions ??= loadRegions()), values.region)) {
    throw fieldError('region', '请选择有效的省/市/区');
  }
  if (values.isDefault === 1) {
    let q = ctx.db
      .updateTable('shipToAddress')
      .set({ isDefault: 0, version: sql`version + 1` })
      .where('agentId', '=', agentId)
      .where('isDefault', '=', 1);
    if (id !== null) q = q.where('id', '!=', id);
    await q.execute();
  }
  return values;
}
