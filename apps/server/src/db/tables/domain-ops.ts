import type { ColumnType, Generated } from 'kysely';
import type { Stamped } from './core.js';

// Row types of the money, messaging and operations tables (migrations 0020–0022).
// Money is integer fen; enums are the contract's numeric codes; flags 0/1.

export interface SmsChannelTable extends Stamped {
  id: Generated<number>;
  name: string;
  vendor: number;
  signName: string;
  /** The vendor's key id; the secret lives in the server's configuration, never in the table. */
  accessKeyId: string;
  /** The vendor's key secret (migration 0150); write-only, never answered. */
  accessKeySecret: Generated<string>;
  unitPrice: number;
  priority: number;
  status: number;
  sentCount: number;
  remark: string;
}

export interface OfficialAccountTable extends Stamped {
  id: Generated<number>;
  name: string;
  appId: string;
  originalId: string;
  accountType: number;
  verified: number;
  status: number;
  followerCount: number;
  authorizedAt: string | null;
  remark: string;
  /** WeChat's AppSecret; never sent to the console (write-only). */
  appSecret: Generated<string>;
  syncedAt: string | null;
}

export interface CustomMenuTable extends Stamped {
  id: Generated<number>;
  officialAccountId: number;
  /** JSON of the button tree (contract `customMenuButtons`). */
  buttons: string;
  publishStatus: number;
  publishedAt: string | null;
  publishError: string;
  /** JSON of the menu WeChat holds, as read by the last sync. */
  liveButtons: string | null;
  liveSyncedAt: string | null;
}

export interface IpRestrictionTable extends Stamped {
  id: Generated<number>;
  ruleType: number;
  address: string;
  appliesTo: number;
  status: number;
  remark: string;
}

export interface ParameterTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  paramKey: string;
  name: string;
  paramValue: string;
  valueType: number;
  remark: string;
}

export interface EditionTable extends Stamped {
  id: Generated<number>;
  name: string;
  code: string;
  webPrice: number;
  staffAppletPrice: number;
  maxRooms: number;
  /** JSON array of feature names. */
  features: string;
  sort: number;
  status: number;
  remark: string;
}

export interface ErrorLogTable extends Stamped {
  id: Generated<number>;
  source: number;
  level: number;
  message: string;
  stack: string;
  url: string;
  requestId: string;
  adminId: number | null;
  agentId: number | null;
  ip: string;
  userAgent: string;
  appVersion: string;
  handled: number;
  /** Null on rows from before grouping (migration 0090). */
  fingerprint: string | null;
  count: Generated<number>;
  lastSeenAt: string;
}

export interface ContractTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  contractNo: string;
  partyType: number;
  enterpriseId: number | null;
  title: string;
  amount: number;
  signedDate: string;
  startDate: string;
  endDate: string;
  status: number;
  attachmentUrl: string;
  remark: string;
}

export interface CollectionTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  collectionNo: string;
  contractId: number | null;
  enterpriseId: number | null;
  payer: string;
  amount: number;
  method: number;
  collectedAt: string;
  status: number;
  remark: string;
}

export interface AccountRecordTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  recordNo: string;
  direction: number;
  kind: number;
  amount: number;
  balanceAfter: number;
  relatedNo: string;
  remark: string;
}

export interface StorePaymentTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  paymentNo: string;
  item: number;
  months: number;
  amount: number;
  channel: number;
  status: number;
  paidAt: string | null;
  /** Set when status becomes 2 (已退款); the refund counts in the rollups on this day. */
  refundedAt: ColumnType<string | null, string | null | undefined, string | null>;
  remark: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Fen returned to the payer; the payment's status is 2 (已退款) once it is set. */
  refundAmount: Generated<number>;
  refundReason: Generated<string>;
}

export interface ProviderPaymentTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number | null;
  recordNo: string;
  item: number;
  quantity: number;
  unitPrice: number;
  amount: number;
  channel: number;
  status: number;
  paidAt: string | null;
  /** Set when status becomes 2 (已退款); the refund counts in the rollups on this day. */
  refundedAt: ColumnType<string | null, string | null | undefined, string | null>;
  remark: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Fen returned to the payer; the payment's status is 2 (已退款) once it is set. */
  refundAmount: Generated<number>;
  refundReason: Generated<string>;
}

export interface PaymentMerchantTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  provider: number;
  merchantName: string;
  shortName: string;
  licenseNo: string;
  legalPerson: string;
  contactPhone: string;
  settleBank: string;
  settleAccount: string;
  status: number;
  applyNo: string;
  merchantNo: string;
  rejectReason: string;
  submittedAt: string;
  reviewedAt: string | null;
  activatedAt: string | null;
  storefrontImage: Generated<string>;
  licenseImage: Generated<string>;
  idCardFrontImage: Generated<string>;
  idCardBackImage: Generated<string>;
}

export interface EnterpriseWalletTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  enterpriseId: number;
  balance: number;
  status: number;
}

export interface WalletLedgerTable {
  id: Generated<number>;
  agentId: number;
  walletId: number;
  direction: number;
  kind: number;
  amount: number;
  balanceAfter: number;
  remark: string;
  operatorName: string;
  createdAt: string;
}

export interface MarketingTemplateTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  name: string;
  content: string;
  scene: number;
  reviewStatus: number;
  rejectReason: string;
  reviewedAt: string | null;
  reviewerName: string;
}

export interface SmsRecyclingTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  quantity: number;
  refundAmount: number;
  reason: string;
  status: number;
  handledAt: string | null;
  handlerName: string;
}

export interface AppletAuthorizationTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  enterpriseId: number;
  appId: string;
  appletName: string;
  principalName: string;
  authStatus: number;
  releaseStatus: number;
  codeVersion: string;
  authorizedAt: string | null;
  releasedAt: string | null;
  remark: string;
  storeId: number | null;
  expireAt: string | null;
  lastError: Generated<string>;
}

export interface FreeAuthCodeTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  code: string;
  editionId: number | null;
  days: number;
  /** 0 unused, 1 used, 2 void; 已过期 is derived from expireDate. */
  status: number;
  storeId: number | null;
  expireDate: string;
  usedAt: string | null;
  remark: string;
}

export interface DomainOpsTables {
  smsChannel: SmsChannelTable;
  officialAccount: OfficialAccountTable;
  customMenu: CustomMenuTable;
  ipRestriction: IpRestrictionTable;
  parameter: ParameterTable;
  edition: EditionTable;
  errorLog: ErrorLogTable;
  contract: ContractTable;
  collection: CollectionTable;
  accountRecord: AccountRecordTable;
  storePayment: StorePaymentTable;
  providerPayment: ProviderPaymentTable;
  paymentMerchant: PaymentMerchantTable;
  enterpriseWallet: EnterpriseWalletTable;
  walletLedger: WalletLedgerTable;
  marketingTemplate: MarketingTemplateTable;
  smsRecycling: SmsRecyclingTable;
  appletAuthorization: AppletAuthorizationTable;
  freeAuthCode: FreeAuthCodeTable;
}
