import type { FastifyInstance } from 'fastify';
import { registerDirectConfig } from './direct-config.js';
import { registerStoreRenewal } from './renewal.js';
import { registerFinanceTotals } from './totals.js';

/** The provider console's own rules (issue 20): renewals paid from the balance, list sums, 直营配置. */
export function registerProviderConsole(app: FastifyInstance): void {
  registerStoreRenewal(app);
  registerFinanceTotals(app);
  registerDirectConfig(app);
}
