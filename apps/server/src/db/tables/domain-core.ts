import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

// Row types of the core domain (migrations 0010–0014): the tenancy tree, store users, devices,
// voice codes, hardware orders and system config. Enum meanings live in the contract resources.

export interface EnterpriseTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  name: string;
  contactName: string;
  contactPhone: string;
  address: string;
  status: number;
  storeCount: Generated<number>;
  remark: string;
}

export interface CompanyGroupTable extends Stamped {
  id: Generated<number>;
  name: string;
  remark: string;
}

export interface CompanyGroupMemberTable {
  groupId: number;
  enterpriseId: number;
}

export interface StoreTable extends Stamped {
  id: Generated<number>;
  storeNo: string;
  name: string;
  agentId: number;
  enterpriseId: number;
  /** 1 sweep (扫码店), 2 wristband (手牌店). */
  storeType: number;
  region: string;
  address: string;
  contactName: string;
  contactPhone: string;
  /** 0 pending application, 1 normal, 2 disabled, 3 expired, 4 recycled. */
  status: number;
  webExpireAt: string | null;
  appletExpireAt: string | null;
  appliedAt: string | null;
  reviewedAt: string | null;
  rejectReason: string;
  recycledAt: string | null;
  statusBeforeRecycle: number | null;
  remark: string;
}

export interface HomeUserTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  name: string;
  phone: string;
  appVersion: string;
  /** Calendar date (YYYY-MM-DD). */
  expireDate: string;
  status: number;
  lastLoginAt: string | null;
}

export interface StaffAppletUserTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  nickname: string;
  phone: string;
  openId: string | null;
  deviceType: string;
  appVersion: string;
  serviceType: number;
  /** Calendar date (YYYY-MM-DD). */
  dueDate: string;
  status: number;
  lastLoginAt: string | null;
}

export interface GatewayDeviceTable extends Stamped {
  id: Generated<number>;
  deviceName: string;
  agentId: number | null;
  storeId: number | null;
  ip: string;
  firmwareVersion: string;
  /** 1 online, 0 offline. */
  communicationStatus: number;
  lastSeenAt: string | null;
  /** When communicationStatus last changed (presence revives only after it, issue 27); null before 0260. */
  statusChangedAt: Generated<string | null>;
  boundAt: string | null;
  deviceCode: string;
  restarting: number;
  restartRequestedAt: string | null;
  /** The last restart's outcome: 1 back on line, 0 failed, null none yet or under way. */
  restartOk: Generated<number | null>;
  restartMessage: Generated<string>;
  remark: string;
}

export interface DeviceBanTable {
  id: Generated<number>;
  deviceName: string;
  reason: string;
  createdBy: number | null;
  createdAt: string;
}

export interface AndroidDeviceTable extends Stamped {
  id: Generated<number>;
  deviceNo: string;
  name: string;
  agentId: number;
  /** Null until the provider binds it: a shipped terminal is registered on first connection. */
  storeId: number | null;
  roomType: number;
  floor: number;
  ip: string;
  appVersion: string;
  voiceCodeId: number | null;
  online: number;
  lastHeartbeatAt: string | null;
  /** When online last changed (presence revives only after it, issue 27); null before 0260. */
  statusChangedAt: Generated<string | null>;
  restarting: number;
  banned: number;
  remark: string;
}

export interface VoiceCodeTable extends Stamped {
  id: Generated<number>;
  code: string;
  batchNo: string;
  /** 0 unallocated, 1 allocated, 2 used, 3 void. */
  status: number;
  price: number;
  agentId: number | null;
  storeId: number | null;
  deviceId: number | null;
  allocatedAt: string | null;
  usedAt: string | null;
  remark: string;
}

export interface AppVersionTable extends Stamped {
  id: Generated<number>;
  /** 1 android room terminal, 2 staff app. */
  app: number;
  versionName: string;
  versionCode: number;
  downloadUrl: string;
  md5: string;
  /** 1 force, 2 optional, 3 silent. */
  updateType: number;
  releaseNotes: string;
  publishedAt: string;
}

export interface AppPushJobTable extends Stamped {
  id: Generated<number>;
  appVersionId: number;
  companyGroupId: number;
  /** 0 sending, 1 finished, 2 finished with failures. */
  status: number;
  total: number;
  succeeded: number;
  failed: number;
  createdBy: number | null;
  finishedAt: string | null;
}

export interface AppPushResultTable {
  id: Generated<number>;
  jobId: number;
  deviceId: number;
  agentId: number;
  storeId: number;
  /** 0 pending, 1 succeeded, 2 failed. */
  status: number;
  message: string;
  createdAt: string;
  reportedAt: string | null;
}

export interface HardwareProductTable extends Stamped {
  id: Generated<number>;
  name: string;
  model: string;
  category: number;
  unitPrice: number;
  unit: string;
  status: number;
  sort: number;
  remark: string;
}

export interface HardwareOrderTable extends Stamped {
  id: Generated<number>;
  orderNo: string;
  agentId: number;
  amount: number;
  /** 0 pending payment, 1 paid, 2 shipped, 3 completed, 4 cancelled. */
  status: number;
  receiver: string;
  phone: string;
  address: string;
  logisticsCompany: string;
  trackingNo: string;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  remark: string;
  /** Why it was cancelled (migration 0145). */
  cancelReason: Generated<string>;
}

export interface HardwareOrderItemTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  productName: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface HardwareOrderDeviceTable {
  id: Generated<number>;
  orderId: number;
  agentId: number;
  deviceNo: string;
  /** 1 gateway, 2 android terminal. */
  deviceKind: number;
  createdAt: string;
}

export interface MacAddressTable extends Stamped {
  id: Generated<number>;
  mac: string;
  batchNo: string;
  status: number;
  deviceName: string | null;
  assignedAt: string | null;
  /** The order a terminal with this MAC shipped with (migration 0145). */
  orderId: number | null;
  remark: string;
}

export interface ZkbEquipmentNoTable extends Stamped {
  id: Generated<number>;
  equipmentNo: string;
  mac: string | null;
  batchNo: string;
  status: number;
  orderId: number | null;
  remark: string;
}

export interface ShipToAddressTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  receiver: string;
  phone: string;
  region: string;
  address: string;
  isDefault: number;
}

export interface SystemConfigTable extends Stamped {
  id: Generated<number>;
  /** `key` on the wire. */
  configKey: string;
  value: string;
  /** Group: site | agreement | price | policy | edition | parameter. */
  type: string;
  title: string;
  remark: string;
  sort: number;
}

export interface DomainCoreTables {
  enterprise: EnterpriseTable;
  companyGroup: CompanyGroupTable;
  companyGroupMember: CompanyGroupMemberTable;
  store: StoreTable;
  homeUser: HomeUserTable;
  staffAppletUser: StaffAppletUserTable;
  gatewayDevice: GatewayDeviceTable;
  deviceBan: DeviceBanTable;
  androidDevice: AndroidDeviceTable;
  voiceCode: VoiceCodeTable;
  appVersion: AppVersionTable;
  appPushJob: AppPushJobTable;
  appPushResult: AppPushResultTable;
  hardwareProduct: HardwareProductTable;
  hardwareOrder: HardwareOrderTable;
  hardwareOrderItem: HardwareOrderItemTable;
  hardwareOrderDevice: HardwareOrderDeviceTable;
  macAddress: MacAddressTable;
  zkbEquipmentNo: ZkbEquipmentNoTable;
  shipToAddress: ShipToAddressTable;
  systemConfig: SystemConfigTable;
}
