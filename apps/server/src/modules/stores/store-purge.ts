import { type StoreReference, recycleStoreEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { resourceDb } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { parseId } from '../../crud/codec.js';
import { storeViewsChanged } from './store-views.js';

const RECYCLED = 4;

/**
 * Every table whose rows point at a store (store_id), with what an operator calls those rows.
 * store-purge.test.ts checks this list against the schema's foreign keys, so a new table that
 * references stores cannot be forgotten here.
 */
export const storeReferrers = [
  { table: 'gateway_device', label: '网关设备' },
  { table: 'android_device', label: '安卓终端' },
  { table: 'voice_code', label: '语音授权码' },
  { table: 'app_push_result', label: '应用推送记录' },
  { table: 'home_user', label: '店主账号' },
  { table: 'staff_applet_user', label: '门店员工' },
  { table: 'store_payment', label: '门店缴费记录' },
  { table: 'provider_payment', label: '服务商缴费记录' },
  { table: 'payment_merchant', label: '支付商户进件' },
  { table: 'marketing_template', label: '营销模板' },
  { table: 'sms_recycling', label: '短信回收申请' },
  { table: 'free_auth_code', label: '免授权码' },
  { table: 'applet_authorization', label: '商户小程序' },
  { table: 'lock_integration', label: '柜锁对接' },
  { table: 'lock_command', label: '柜锁指令记录' },
] as const;

/** The records that still point at a store, one entry per kind with its count. */
export async function storeReferences(db: Kysely<Database>, storeId: number): Promise<StoreReference[]> {
  const found: StoreReference[] = [];
  // The any-table handle: the names above are the schema's SQL names (checked by the test), not
  // `Database`'s camelCase keys; each is read the same way, by its store_id.
  const loose = resourceDb(db);
  for (const { table, label } of storeReferrers) {
    const row = await loose
      .selectFrom(table)
      .where('storeId', '=', storeId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    if (count > 0) found.push({ kind: table, label, count });
  }
  return found;
}

export const referencesText = (refs: StoreReference[]) => refs.map((r) => `${r.label} ${r.count} 条`).join('、');

/** 彻底删除 in the recycle bin: only a recycled store, only by its exact name, only when nothing points at it. */
export function registerStorePurge(app: FastifyInstance): void {
  const recycled = async (db: Kysely<Database>, id: number) => {
    const store = await db.selectFrom('store').selectAll().where('id', '=', id).executeTakeFirst();
    // Only the bin's stores are within this screen's reach; any other id answers as missing.
    if (!store || store.status !== RECYCLED) throw new AppError('recordNotFound');
    return store;
  };

  bindEndpoint(app, recycleStoreEndpoints.references, async ({ query }, ctx) => {
    const store = await recycled(ctx.db, parseId(query.id));
    return storeReferences(ctx.db, store.id);
  });

  bindEndpoint(app, recycleStoreEndpoints.purge, async ({ body }, ctx) => {
    const store = await recycled(ctx.db, parseId(body.id));
    ctx.audit.targetId = String(store.id);
    ctx.audit.action = `彻底删除门店：${store.name}（${store.storeNo}）`;
    if (store.version !== body.version) throw new AppError('versionConflict');
    if (body.name !== store.name) throw fieldError('name', '门店名称不一致，请输入完整的门店名称');
    const refs = await storeReferences(ctx.db, store.id);
    if (refs.length > 0) {
      throw new AppError('stateConflict', { message: `该门店仍被以下数据引用，无法彻底删除：${referencesText(refs)}` });
    }
    const done = await ctx.db
      .deleteFrom('store')
      .where('id', '=', store.id)
      .where('version', '=', body.version)
      .where('status', '=', RECYCLED)
      .executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.changes = [
      { field: 'name', before: store.name, after: null },
      { field: 'storeNo', before: store.storeNo, after: null },
    ];
    storeViewsChanged(ctx, store.id, store.agentId, 'delete');
    return null;
  });
}
