import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

// Row types of issue 19's tables (migration 0150): agreement versions, prices, platform
// parameters with their change history, and synchronised billing records with the sync jobs.

export interface AgreementVersionTable extends Stamped {
  id: Generated<number>;
  agreementKey: string;
  versionNo: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** contract agreementStatus: 0 draft, 1 published, 2 superseded. */
  status: number;
  publishedAt: string | null;
  publisherName: Generated<string>;
  remark: Generated<string>;
}

export interface ProductPriceTable extends Stamped {
  id: Generated<number>;
  /** contract priceProduct: 1 网页版, 2 员工小程序. */
  product: number;
  editionId: number;
  /** contract pricePeriod: 1 月, 2 季, 3 年. */
  period: number;
  /** null: the base price; a provider: that provider's override (not a tenant column: platform-owned). */
  providerId: number | null;
  amount: number;
  remark: Generated<string>;
}

export interface PlatformParamTable extends Stamped {
  id: Generated<number>;
  paramKey: string;
  name: string;
  groupName: string;
  valueType: number;
  paramValue: string;
  /** A JSON Schema (subset) the value of a JSON parameter must satisfy; '' for other types. */
  jsonSchema: Generated<string>;
  /** 1: providers set their own value (参数设置); 0: platform only. */
  providerLevel: Generated<number>;
  remark: Generated<string>;
}

export interface ParamChangeTable {
  id: Generated<number>;
  paramId: number;
  agentId: number | null;
  paramKey: string;
  beforeValue: string;
  afterValue: string;
  operatorName: string;
  createdAt: string;
}

export interface BillingRecordTable extends Stamped {
  id: Generated<number>;
  billNo: string;
  agentNo: string;
  payChannel: number;
  amount: number;
  fee: number;
  status: number;
  paidAt: string;
}

export interface BillingSyncJobTable extends Stamped {
  id: Generated<number>;
  rangeStart: string;
  rangeEnd: string;
  /** contract syncJobStatus: 0 queued, 1 running, 2 done, 3 failed. */
  status: number;
  totalDays: number;
  doneDays: Generated<number>;
  createdCount: Generated<number>;
  updatedCount: Generated<number>;
  unchangedCount: Generated<number>;
  failedCount: Generated<number>;
  /** JSON array of { billNo, reason }. */
  failures: Generated<string>;
  error: Generated<string>;
  operatorName: Generated<string>;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface SmsConfigTables {
  agreementVersion: AgreementVersionTable;
  productPrice: ProductPriceTable;
  platformParam: PlatformParamTable;
  paramChange: ParamChangeTable;
  billingRecord: BillingRecordTable;
  billingSyncJob: BillingSyncJobTable;
}
