import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, rangeFilter, recordId, tenantFields } from '../resource.js';
import { displayName, enabledStatus, remark } from './money-fields.js';

// IC 手环控制 (cabinet-lock integration): how a store's locker controller and wristband cards are
// set up, so its gateway can open lockers and read or wipe wristbands. One integration per store.

export const lockVendor = labelledEnum({ 1: '通用锁控板', 2: '电子感应柜锁', 3: '蓝牙智能柜锁', 9: '其他厂家' });
export const lockProtocol = labelledEnum({
  1: 'RS485 Modbus RTU',
  2: 'RS485 厂家私有协议',
  3: 'TCP 透传',
  4: '蓝牙 BLE',
});
/** The wristband's chip: sectors and a key exist only on Mifare cards; an ID card is read-only. */
export const wristbandCardType = labelledEnum({
  1: 'M1 卡（Mifare Classic 1K）',
  2: 'M1 卡（Mifare Classic 4K）',
  3: 'CPU 卡',
  4: 'ID 卡（EM4100，只读）',
});
/** Highest usable sector per card type (sector 0 holds the maker's block); 0: the card has no sectors. */
export const cardSectorMax: Record<number, number> = { 1: 15, 2: 39, 3: 0, 4: 0 };
export const lockPushStatus = labelledEnum({ 0: '未下发', 1: '下发中', 2: '已下发', 3: '下发失败' });

/** A Mifare sector key A: 6 bytes, 12 hexadecimal characters. Write-only: no answer carries it. */
export const sectorKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{12}$/, '扇区密钥为 12 位十六进制字符');

export const lockIntegrationResource = defineResource({
  name: 'lockIntegration',
  prefix: '/lockIntegration',
  title: '柜锁对接',
  module: 'IC 手环控制',
  deleteEffect: { undo: 'permanent', dependents: '该门店的柜锁对接配置清除，已下发的柜锁指令记录保留。' },
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    agentName: displayName,
    storeId: id,
    storeName: displayName,
    vendor: lockVendor,
    protocol: lockProtocol,
    cardType: wristbandCardType,
    /** The card sector the store's data lives in (M1 cards only; 0 for cards without sectors). */
    cardSector: z.number().int().min(0).max(39, '扇区号最大为 39'),
    /** The stored key masked but for its last 2 characters; '' when none is stored. */
    sectorKeyMasked: z.string(),
    lockerCount: z.number().int().min(1, '柜门数至少 1 个').max(5000, '柜门数最多 5000 个'),
    /** Number of the first locker (many venues start at 1, some at 101 per floor). */
    lockerStart: z.number().int().min(0).max(99_999),
    status: enabledStatus,
    pushStatus: lockPushStatus,
    pushedAt: isoTime.nullable(),
    /** The store's gateway the commands go through; null when the store has none bound. */
    gatewaySerial: displayName,
    remark,
  }),
  writable: [
    'storeId',
    'vendor',
    'protocol',
    'cardType',
    'cardSector',
    'lockerCount',
    'lockerStart',
    'status',
    'remark',
  ],
  createExtra: { sectorKey: z.union([sectorKey, z.literal('')]).default('') },
  // Left out or blank: the stored key stays.
  updateExtra: { sectorKey: z.union([sectorKey, z.literal('')]).optional() },
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['storeName', 'remark'] }),
    agentId: filter(id, 'eq'),
    storeId: filter(id, 'eq'),
    vendor: filter(lockVendor, 'eq'),
    status: filter(enabledStatus, 'eq'),
    pushStatus: filter(lockPushStatus, 'eq'),
  },
  sortable: ['createdAt', 'pushedAt', 'lockerCount'],
  labels: {
    storeId: '门店',
    agentName: '服务商',
    storeName: '门店',
    vendor: '柜锁厂家',
    protocol: '通讯协议',
    cardType: '手环卡类型',
    cardSector: '扇区号',
    sectorKeyMasked: '扇区密钥',
    lockerCount: '柜门数',
    lockerStart: '起始柜号',
    status: '状态',
    pushStatus: '配置下发',
    pushedAt: '下发时间',
    gatewaySerial: '门店网关',
    remark: '备注',
  },
});
export type LockIntegration = z.infer<typeof lockIntegrationResource.entity>;

export const lockCommandKind = labelledEnum({ 1: '下发配置', 2: '开柜', 3: '清除手环' });
export const lockCommandStatus = labelledEnum({ 0: '执行中', 1: '成功', 2: '失败' });

/** 指令记录: every command sent to a store's lock controller and what the gateway answered. */
export const lockCommandResource = defineResource({
  name: 'lockCommand',
  prefix: '/lockCommand',
  title: '指令记录',
  module: 'IC 手环控制',
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    integrationId: id.nullable(),
    storeId: id,
    storeName: displayName,
    command: lockCommandKind,
    /** What the command addressed: a locker number, a wristband card number, or the config. */
    target: z.string(),
    status: lockCommandStatus,
    message: z.string(),
    gatewaySerial: z.string(),
    operatorName: z.string(),
    finishedAt: isoTime.nullable(),
  }),
  filters: {
    storeId: filter(id, 'eq'),
    command: filter(lockCommandKind, 'eq'),
    status: filter(lockCommandStatus, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['createdAt'],
  actions: ['page', 'get'],
  labels: {
    storeName: '门店',
    command: '指令',
    target: '对象',
    status: '结果',
    message: '说明',
    gatewaySerial: '网关',
    operatorName: '操作人',
    finishedAt: '完成时间',
  },
});
export type LockCommand = z.infer<typeof lockCommandResource.entity>;

/** A wristband's card number as printed or read: 8 (4-byte UID) to 20 hexadecimal or decimal digits. */
export const wristbandCardNo = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{8,20}$/, '手环卡号为 8–20 位数字或十六进制字符');

const command = <B extends z.ZodObject>(path: string, summary: string, body: B) =>
  defineEndpoint({
    method: 'POST',
    path: `/lockIntegration/${path}`,
    access: { permission: 'lockIntegration.command' },
    audience: 'any',
    summary,
    module: 'IC 手环控制',
    write: true,
    body,
    // Accepted at once; the result lands in the command log when the gateway answers.
    response: lockCommandResource.entity,
  });

export const lockCommandEndpoints = {
  pushConfig: command('pushConfig', '下发柜锁配置', z.object({ id: recordId })),
  openLocker: command(
    'openLocker',
    '远程开柜',
    z.object({ id: recordId, lockerNo: z.number().int().min(0, '柜号不能为负').max(99_999) }),
  ),
  clearWristband: command('clearWristband', '清除手环', z.object({ id: recordId, cardNo: wristbandCardNo })),
} as const;
