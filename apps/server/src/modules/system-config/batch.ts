import { type ConfigRow, type ConfigType, fenConfigKeys, switchConfigKeys } from '@console/contract';
import { sql } from 'kysely';
import type { SystemConfigTable } from '../../db/tables/domain-core.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';

type Stored = Omit<SystemConfigTable, 'id' | 'version'> & { id: number; version: number };

const toRow = (r: Stored): ConfigRow => ({
  id: String(r.id),
  key: r.configKey,
  value: r.value,
  type: r.type as ConfigRow['type'],
  title: r.title,
  remark: r.remark,
  version: r.version,
  updatedAt: r.updatedAt,
});

/** Why a value is refused for its key, or null when it is acceptable. */
export function invalidValue(key: string, value: string): string | null {
  if ((switchConfigKeys as readonly string[]).includes(key))
    return value === '0' || value === '1' ? null : '开关的值须为 0 或 1';
  if ((fenConfigKeys as readonly string[]).includes(key)) {
    return /^\d{1,11}$/.test(value) ? null : '价格须为以分计的非负整数';
  }
  if (key === 'servicePhone') return /^[\d-]{7,20}$/.test(value) ? null : '客服电话格式不正确';
  if (key === 'serviceEmail') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : '邮箱格式不正确';
  if (key === 'helpCenterUrl') return /^https?:\/\/\S+$/.test(value) ? null : '请输入 http(s) 地址';
  if (key === 'serviceQr') {
    // An uploaded image (file storage answers its URL, absolute or /files/<name>), or a given https one.
    const uploaded = /^(https?:\/\/\S+)?\/files\/[A-Za-z0-9._-]+$/.test(value);
    return value === '' ||
      uploaded ||
      /^(https:\/\/\S+|data:image\/(png|svg\+xml|jpeg);base64,[A-Za-z0-9+/=]+)$/.test(value)
      ? null
      : '二维码须为上传的图片或 https 图片地址';
  }
  if (key === 'platformName') return value.trim().length >= 2 && value.length <= 30 ? null : '平台名称为 2–30 个字';
  return null;
}

/** The rows of one config group, in their screen's order. */
export async function readConfigType(ctx: RequestContext, type: ConfigType): Promise<ConfigRow[]> {
  const rows = await ctx.db
    .selectFrom('systemConfig')
    .selectAll()
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

interface Item {
  key: string;
  value: string;
  version?: number;
}

/**
 * One transaction (the endpoint's): any unknown key, a key outside `onlyType`, a bad value or a
 * stale version refuses the whole batch before or during the writes, and the throw rolls back
 * what was written.
 */
export async function writeConfigBatch(
  ctx: RequestContext,
  items: Item[],
  onlyType?: ConfigType,
): Promise<ConfigRow[]> {
  const keys = items.map((i) => i.key);
  if (new Set(keys).size !== keys.length) {
    throw new AppError('validation', { message: '同一配置项不能提交两次' });
  }
  const fieldErrors: Record<string, string> = {};
  items.forEach((item, i) => {
    const problem = invalidValue(item.key, item.value);
    if (problem) fieldErrors[`items.${i}.value`] = problem;
  });
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('validation', { message: Object.values(fieldErrors)[0], fieldErrors });
  }
  const existing = await ctx.db.selectFrom('systemConfig').selectAll().where('configKey', 'in', keys).execute();
  const byKey = new Map(existing.map((r) => [r.configKey, r]));
  const changes = [];
  const now = nowIso();
  for (const [i, item] of items.entries()) {
    const row = byKey.get(item.key);
    if (!row || (onlyType && row.type !== onlyType)) {
      throw new AppError('validation', {
        message: `配置项 ${item.key} 不存在`,
        fieldErrors: { [`items.${i}.key`]: '配置项不存在' },
      });
    }
    let q = ctx.db
      .updateTable('systemConfig')
      .set({ value: item.value, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', row.id);
    if (item.version !== undefined) q = q.where('version', '=', item.version);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    if (row.value !== item.value) {
      // Agreement texts are long; the log keeps that they changed, not both copies.
      const long = row.value.length > 200 || item.value.length > 200;
      changes.push({
        field: item.key,
        before: long ? `（${row.value.length} 字）` : row.value,
        after: long ? `（${item.value.length} 字）` : item.value,
      });
    }
  }
  ctx.audit.targetId = keys.join(',');
  ctx.audit.changes = changes;
  emitAfterCommit(ctx.req, 'resourceChanged', { resource: 'systemConfig', agentId: null, ids: [], action: 'update' });
  const rows = await ctx.db.selectFrom('systemConfig').selectAll().where('configKey', 'in', keys).execute();
  return rows.map(toRow);
}
