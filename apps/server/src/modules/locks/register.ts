import { cardSectorMax, lockCommandEndpoints, lockCommandResource, lockIntegrationResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow, ResourceSelect } from '../../crud/types.js';
import { insertStamped, sampleStore } from '../../db/sample-rows.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { sendLockCommand } from './commands.js';

const key = sql.ref('t.sectorKey');
// Only the last 2 characters of a stored key ever leave the server.
const maskedKey = sql<string>`case when ${key} = '' then '' else '**********' || substr(${key}, length(${key}) - 1, 2) end`;
const gatewaySerial = sql<string>`(select g.device_name from gateway_device g where g.store_id = t.store_id order by g.communication_status desc, g.id limit 1)`;

/** The settings a gateway needs; changing any of them means the store must be pushed again. */
const configFields = ['vendor', 'protocol', 'cardType', 'cardSector', 'lockerCount', 'lockerStart', 'status'];

/** Sector and key follow the card: an M1 card needs a sector in range and a key; others neither. */
function checkCard(merged: DbRow, keyGiven: boolean, keyStored: boolean): DbRow {
  const max = cardSectorMax[Number(merged.cardType)] ?? 0;
  const sector = Number(merged.cardSector);
  if (max === 0) return { cardSector: 0, sectorKey: '' };
  if (sector < 1 || sector > max) throw fieldError('cardSector', `该卡类型的扇区号为 1–${max}`);
  if (!keyGiven && !keyStored) throw fieldError('sectorKey', 'M1 卡须填写扇区密钥');
  return {};
}

async function checkStoreFree(ctx: RequestContext, storeId: unknown): Promise<void> {
  const taken = await ctx.db
    .selectFrom('lockIntegration')
    .select('id')
    .where('storeId', '=', Number(storeId))
    .executeTakeFirst();
  if (taken) throw fieldError('storeId', '该门店已配置柜锁对接，请直接编辑');
}

/** IC 手环控制: each store's lock integration, commands through its gateway, and their log. */
export function registerLocks(app: FastifyInstance): void {
  const joins = (qb: ResourceSelect): ResourceSelect =>
    qb.leftJoin('store as s', 's.id', 't.storeId').leftJoin('agent as a', 'a.id', 't.agentId');
  registerResource(app, lockIntegrationResource, 'lock_integration', {
    joins,
    columns: { storeName: 's.name', agentName: 'a.name', sectorKeyMasked: maskedKey, gatewaySerial },
    refs: { storeId: { table: 'store', tenant: true } },
    hooks: {
      beforeCreate: async (values, input, ctx) => {
        await checkStoreFree(ctx, values.storeId);
        const card = checkCard(values, input.sectorKey !== '', false);
        return { sectorKey: input.sectorKey.toUpperCase(), ...values, ...card, pushStatus: 0 };
      },
      beforeUpdate: (patch, existing, input) => {
        if (patch.storeId !== undefined && Number(patch.storeId) !== Number(existing.storeId)) {
          throw fieldError('storeId', '门店不能更改；请删除后为新门店添加');
        }
        const newKey = input.sectorKey ? input.sectorKey.toUpperCase() : undefined;
        const card = checkCard({ ...existing, ...patch }, !!newKey, existing.sectorKey !== '');
        const next: DbRow = { ...patch, ...(newKey ? { sectorKey: newKey } : {}), ...card };
        const changed =
          configFields.some((f) => next[f] !== undefined && next[f] !== existing[f]) ||
          (next.sectorKey !== undefined && next.sectorKey !== existing.sectorKey);
        // The gateway still runs the old settings until they are pushed again.
        return changed ? { ...next, pushStatus: 0 } : next;
      },
      beforeDelete: async (existing, ctx) => {
        await ctx.db
          .updateTable('lockCommand')
          .set({ integrationId: null })
          .where('integrationId', '=', Number(existing.id))
          .execute();
      },
    },
    sample: async ({ db, agentId }) => ({
      storeId: String(await sampleStore(db, agentId)),
      vendor: 1,
      protocol: 1,
      cardType: 1,
      cardSector: 1,
      sectorKey: 'FFFFFFFFFFFF',
      lockerCount: 120,
      lockerStart: 1,
      status: 1,
      remark: '',
    }),
  });

  registerResource(app, lockCommandResource, 'lock_command', {
    joins: (qb: ResourceSelect) => qb.leftJoin('store as s', 's.id', 't.storeId'),
    columns: { storeName: 's.name' },
    seed: async ({ db, agentId }) => {
      const storeId = await sampleStore(db, agentId);
      const now = nowIso();
      return insertStamped(db, 'lockCommand', {
        agentId,
        storeId,
        command: 2,
        target: '8',
        status: 1,
        message: '8 号柜门已打开',
        gatewaySerial: 'ZKB-SAMPLE',
        operatorName: '样例操作员',
        finishedAt: now,
      });
    },
  });

  bindEndpoint(app, lockCommandEndpoints.pushConfig, ({ body }, ctx) =>
    sendLockCommand(app, ctx, body.id, { kind: 1 }),
  );
  bindEndpoint(app, lockCommandEndpoints.openLocker, ({ body }, ctx) =>
    sendLockCommand(app, ctx, body.id, { kind: 2, lockerNo: body.lockerNo }),
  );
  bindEndpoint(app, lockCommandEndpoints.clearWristband, ({ body }, ctx) =>
    sendLockCommand(app, ctx, body.id, { kind: 3, cardNo: body.cardNo.toUpperCase() }),
  );
}
