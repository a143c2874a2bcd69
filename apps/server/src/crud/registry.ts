import type { FastifyInstance } from 'fastify';
import { registerDevices } from '../modules/devices/register.js';
import { registerFinance } from '../modules/finance/register.js';
import { registerOrders } from '../modules/orders/register.js';
import { registerStores } from '../modules/stores/register.js';
import { registerSystemConfig } from '../modules/system-config/register.js';
import { registerUsers } from '../modules/users/register.js';
import { registerVoice } from '../modules/voice/register.js';
import { registerOperations } from '../modules/operations/register.js';
import { registerSms } from '../modules/sms/register.js';
import { registerWechat } from '../modules/wechat/register.js';
import { registerAdmins } from '../modules/admins/register.js';
import { registerRoles } from '../modules/roles/register.js';
import { registerLogs } from '../modules/logs/register.js';
import { registerOnlineSessions } from '../modules/online-sessions/register.js';
import { registerAgents } from '../modules/agents/register.js';
import { registerMenus } from '../modules/menus/register.js';

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
  registerStores(app);
  registerUsers(app);
  registerDevices(app);
  registerVoice(app);
  registerOrders(app);
  registerSystemConfig(app);
  registerFinance(app);
  registerOperations(app);
  registerSms(app);
  registerWechat(app);
  registerAdmins(app);
  registerRoles(app);
  registerLogs(app);
  registerOnlineSessions(app);
  registerAgents(app);
  registerMenus(app);
}
