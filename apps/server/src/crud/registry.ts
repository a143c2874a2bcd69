import type { FastifyInstance } from 'fastify';
import { registerFinance } from '../modules/finance/register.js';
import { registerOperations } from '../modules/operations/register.js';
import { registerSms } from '../modules/sms/register.js';
import { registerWechat } from '../modules/wechat/register.js';

/**
 * Every plain contract resource of the product, one line each:
 *
 *   registerResource(app, storeResource, 'store', { refs: { enterpriseId: { table: 'enterprise', tenant: true } } });
 *
 * Append your lines (and imports) below; resources with behaviour beyond CRUD register their
 * extra endpoints in their own module. Everything registered here joins the isolation suite.
 */
export function registerResources(app: FastifyInstance): void {
  if (!app.hasDecorator('resources')) app.decorate('resources', []);
  registerFinance(app);
  registerOperations(app);
  registerSms(app);
  registerWechat(app);
}
