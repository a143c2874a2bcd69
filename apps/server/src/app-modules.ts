import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/open.js';
import { registerAdmins } from './modules/admins/register.js';
import { registerAgentStaff } from './modules/agent-staff/register.js';
import { registerAgents } from './modules/agents/register.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerDashboardRoutes } from './modules/dashboard/routes.js';
import { registerDevices } from './modules/devices/register.js';
import { registerFiles } from './modules/files/register.js';
import { registerFinance } from './modules/finance/register.js';
import { registerFreeAuthCodes } from './modules/free-auth-code/register.js';
import { registerLocks } from './modules/locks/register.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import { registerMetricsRoute } from './modules/metrics/routes.js';
import { registerLogs } from './modules/logs/register.js';
import { registerMenus } from './modules/menus/register.js';
import { registerMessageRoutes } from './modules/messages/routes.js';
import { registerOnlineSessions } from './modules/online-sessions/register.js';
import { registerOperations } from './modules/operations/register.js';
import { registerOrders } from './modules/orders/register.js';
import { registerPermissionRoutes } from './modules/permissions/routes.js';
import { registerProviderConsole } from './modules/provider-console/register.js';
import { registerPublicRoutes } from './modules/public/routes.js';
import { registerReports } from './modules/reports/register.js';
import { registerRoles } from './modules/roles/register.js';
import { registerCurrentScope } from './modules/scope/current-scope.js';
import { registerSecondFactor } from './modules/second-factor/routes.js';
import { registerSearch } from './modules/search/register.js';
import { registerSms } from './modules/sms/register.js';
import { registerStores } from './modules/stores/register.js';
import { registerSystemConfig } from './modules/system-config/register.js';
import { registerSavedViewRoutes } from './modules/saved-views/routes.js';
import { registerExportTasks } from './modules/export-tasks/register.js';
import { registerUserPrefRoutes } from './modules/user-prefs/routes.js';
import { registerUsers } from './modules/users/register.js';
import { registerViewAs } from './modules/view-as/routes.js';
import { registerVoice } from './modules/voice/register.js';
import { registerWechat } from './modules/wechat/register.js';

/**
 * The product's modules, assembled by the app (the machinery below them never imports a module).
 * Add a module's registration here, one line; everything it registers through `registerResource`
 * or `bindEndpoint` joins the route sweep and the isolation suite automatically.
 */
export async function registerModules(app: FastifyInstance, config: Config, database: OpenDatabase): Promise<void> {
  registerHealthRoutes(app, database.kind, config);
  registerMetricsRoute(app, config.METRICS_TOKEN);
  await registerPublicRoutes(app, config);
  registerAuthRoutes(app, config);
  registerPermissionRoutes(app);
  registerMessageRoutes(app);
  registerDashboardRoutes(app);
  registerReports(app);
  registerUserPrefRoutes(app);
  registerCurrentScope(app);
  registerSavedViewRoutes(app);
  registerViewAs(app);
  registerExportTasks(app, config);
}

/** Modules built on the resource machinery (they need the adapters decorated first). */
export function registerResourceModules(app: FastifyInstance, config: Config): void {
  if (!app.hasDecorator('resources')) app.decorate('resources', []);
  registerFiles(app, config);
  registerStores(app);
  registerUsers(app);
  registerDevices(app, config);
  registerVoice(app);
  registerOrders(app);
  registerSystemConfig(app);
  registerFinance(app);
  registerProviderConsole(app);
  registerOperations(app);
  registerFreeAuthCodes(app);
  registerLocks(app);
  registerSms(app);
  registerWechat(app);
  registerAdmins(app);
  registerSecondFactor(app);
  registerAgentStaff(app);
  registerRoles(app);
  registerLogs(app);
  registerOnlineSessions(app);
  registerAgents(app);
  registerMenus(app);
  // Searches the lists registered above (it reads them from app.resources).
  registerSearch(app);
}
