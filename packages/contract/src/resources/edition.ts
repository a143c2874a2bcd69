import { z } from 'zod';
import { fen } from '../common.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { enabledStatus, remark } from './money-fields.js';

/** A software edition sold to stores (基础版, 标准版, 旗舰版) with its yearly prices. */
export const editionResource = defineResource({
  name: 'edition',
  prefix: '/edition',
  title: '版本',
  module: '版本管理',
  deleteEffect: {
    undo: 'permanent',
    dependents: '该版本在网页版价格、员工小程序价格中的价格一并删除。',
    blockedBy: ['免授权码'],
  },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(2, '版本名称至少 2 个字').max(20, '版本名称最多 20 个字'),
    code: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,29}$/, '版本编码为小写字母开头的字母、数字或下划线'),
    /** Yearly price of the management system, fen. */
    webPrice: fen,
    /** Yearly price of the staff mini-program per store, fen. */
    staffAppletPrice: fen,
    /** Lockers/rooms the edition supports; 0 is unlimited. */
    maxRooms: z.number().int().min(0).max(100_000),
    features: z.array(z.string().trim().min(1).max(30)).max(30, '功能最多 30 项'),
    sort: z.number().int().min(0).max(9999),
    status: enabledStatus,
    remark,
  }),
  writable: ['name', 'code', 'webPrice', 'staffAppletPrice', 'maxRooms', 'features', 'sort', 'status', 'remark'],
  labels: {
    name: '版本名称',
    code: '版本编码',
    webPrice: '参考年价（网页版）',
    staffAppletPrice: '参考年价（员工小程序）',
    maxRooms: '房间/手牌上限',
    features: '包含功能',
    sort: '排序',
    status: '销售状态',
  },
  filters: {
    keyword: filter(z.string().trim().max(20), 'contains', { columns: ['name', 'code'] }),
    status: filter(enabledStatus, 'eq'),
  },
  sortable: ['sort', 'webPrice'],
  defaultSort: { field: 'sort', order: 'ascend' },
});
export type Edition = z.infer<typeof editionResource.entity>;
