import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

// Row types of IC 手环控制 (migration 0130). Enum meanings live in the contract (lock-integration.ts).

export interface LockIntegrationTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  storeId: number;
  vendor: number;
  protocol: number;
  cardType: number;
  cardSector: number;
  /** Mifare key A, 12 hex characters; never answered, only masked. */
  sectorKey: string;
  lockerCount: number;
  lockerStart: number;
  status: number;
  pushStatus: number;
  pushedAt: string | null;
  remark: string;
}

export interface LockCommandTable extends Stamped {
  id: Generated<number>;
  agentId: number;
  /** Null once the integration was deleted; the log outlives it. */
  integrationId: number | null;
  storeId: number;
  command: number;
  target: string;
  status: number;
  message: string;
  gatewaySerial: string;
  operatorName: string;
  finishedAt: string | null;
}

export interface LockTables {
  lockIntegration: LockIntegrationTable;
  lockCommand: LockCommandTable;
}
