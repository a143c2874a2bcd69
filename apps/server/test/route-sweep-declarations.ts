/**
 * What the route sweep (route-sweep.test.ts) must be told, because the routes themselves cannot
 * say it. Everything else it reads from the running app. A route the sweep finds that fits none
 * of these declarations fails it: a new public or session-only endpoint is a decision someone
 * writes down here, and a new record-addressing input needs provider fixtures before it ships.
 */

/** Endpoints that answer without a session, by `<METHOD> <url>`. */
export const publicRoutes = new Set([
  'GET /api/health',
  // No session: a scraper's bearer secret (METRICS_TOKEN), checked by the route itself (modules/metrics).
  'GET /api/metrics',
  'GET /api/health/ready',
  'POST /api/public/register',
  'POST /api/log/adminLogin/login',
  'POST /api/log/adminLogin/loginByRemember',
  'GET /api/log/adminLogin/remembered',
  'POST /api/log/adminLogin/forget',
  // The sign-in's second step: the challenge a correct password answered is the credential.
  'POST /api/log/adminLogin/secondFactor',
  'POST /api/log/adminLogin/secondFactor/enrolStart',
  'POST /api/log/adminLogin/secondFactor/enrolConfirm',
  'GET /api/captcha',
  'GET /api/systemConfig/site',
  'GET /api/systemConfig/agreement',
  'POST /api/errorLog/report',
]);

/**
 * Endpoints any signed-in operator may call without a permission: their own account, menus,
 * inbox and preferences, option lists confined to the caller's scope, and two that check
 * permissions of their own: the store options (the asking screen's, `for`) and the dashboard
 * (a card per permission).
 */
export const sessionRoutes = new Set([
  'POST /api/adminLogin/logout',
  'GET /api/adminLogin/info',
  'POST /api/adminLogin/changePassword',
  'POST /api/adminLogin/updateProfile',
  // The operator's own second factor (个人中心 → 两步验证).
  'GET /api/adminLogin/secondFactor/status',
  'POST /api/adminLogin/secondFactor/start',
  'POST /api/adminLogin/secondFactor/confirm',
  'POST /api/adminLogin/secondFactor/disable',
  'POST /api/adminLogin/secondFactor/recoveryCodes',
  'GET /api/saasRole/getMenuList',
  'POST /api/saasRole/getMenuList',
  'GET /api/agentMenu/getAICMenu',
  'POST /api/saasMessageAgentUser/page',
  'GET /api/saasMessageAgentUser/get',
  'POST /api/saasMessageAgentUser/get',
  'POST /api/saasMessageAgentUser/read',
  'POST /api/saasMessageAgentUser/allRead',
  'GET /api/saasMessageAgentUser/delete',
  'POST /api/saasMessageAgentUser/delete',
  'GET /api/dashboard/summary',
  'GET /api/store/options',
  'GET /api/userPref/get',
  'POST /api/userPref/save',
  'GET /api/saasicAndroidController/getRoomType',
  'GET /api/saasicAndroidController/getRoomFloorList',
  'GET /api/saasicAndroidController/getFreeTypeListHaveWaiters',
  'GET /api/saasicAndroidController/getAppLastVer',
  'GET /api/aic/androidManage/getAndroidVoicePrice',
  // Each upload purpose names the form permission it needs; the endpoint checks it (files/register.ts).
  'POST /api/file/upload',
  // A link to a file the operator may read (their scope's record, or their own upload); anyone
  // else is told it does not exist (files/private-access.ts).
  'GET /api/file/link',
  // The caller's own scope (modules/scope/current-scope.ts): what every signed-in operator may ask.
  'GET /api/scope/current',
  // A record's 操作历史: the route checks the named resource's read permission and scope itself
  // (modules/logs/record-history.ts), so it needs no permission of its own.
  'GET /api/operationLog/history',
  // Ctrl+K: each kind is searched only with its list's page permission, in the list's scope
  // (modules/search/register.ts), so it needs no permission of its own.
  'GET /api/search',
  // Saved list views: the route checks the named list's page permission itself and keeps each
  // operator to their own and the views shared with them (modules/saved-views).
  'GET /api/savedView/list',
  'POST /api/savedView/create',
  'POST /api/savedView/update',
  'GET /api/savedView/delete',
  'POST /api/savedView/delete',
  'POST /api/savedView/setDefault',
  // 以服务商身份查看: the calling tab's own view-as state and its end (modules/view-as).
  'GET /api/viewAs/current',
  'POST /api/viewAs/end',
  // 导出中心: each operator's own export tasks (a platform operator may see and download any);
  // each export's own permission was checked when the task was asked for (modules/export-tasks).
  'POST /api/exportTask/page',
  'GET /api/exportTask/get',
  'GET /api/exportTask/download',
  'GET /api/exportTask/delete',
  'POST /api/exportTask/delete',
]);

/** Routes that are not contract endpoints: the console's files, the API documentation, the device socket. */
export function isNonApiRoute(url: string): boolean {
  return (
    url === '/*' ||
    url === '/files/:name' ||
    url === '/api/docs' ||
    url.startsWith('/api/docs/') ||
    url.startsWith('/ws/')
  );
}

/**
 * Inputs that address a record of a provider, and which of the provider's fixture rows fills
 * them. `id` is the route's own resource (its permission's prefix, or `idOwners`). A key that
 * looks like a record id (`…Id`, `…Ids`, a contract `id` schema) on a route providers can call
 * must be listed here, or the sweep fails: it cannot prove what it cannot fill.
 * `column` takes that column of the row instead of its id; `missing` starts the values no provider has (four serial digits follow).
 */
export interface RecordInput {
  /** A resource name (fixture row), `agent` (the provider itself) or `operator` (its admin). */
  owner: string;
  column?: string;
  missing?: string;
}

export const recordInputs: Record<string, RecordInput> = {
  agentId: { owner: 'agent' },
  aic: { owner: 'agent' },
  operatorId: { owner: 'operator' },
  enterpriseId: { owner: 'enterprise' },
  storeId: { owner: 'store' },
  contractId: { owner: 'contract' },
  deviceId: { owner: 'agentAndroid' },
  deviceName: { owner: 'agentGateway', column: 'deviceName', missing: 'GWS-NONE-' },
  // Numbers a provider types: unique per provider, so another's must look unused (issue 15, item 6).
  contractNo: { owner: 'contract', column: 'contractNo', missing: 'HT-NONE-' },
  collectionNo: { owner: 'collection', column: 'collectionNo', missing: 'SK-NONE-' },
  appId: { owner: 'appletAuth', column: 'appId', missing: 'wx000000000000' },
};

/**
 * Keys that look like record ids but name rows of the platform's shared catalogue, which every
 * provider reads alike: a grant's `menuIds` are menu-catalogue entries (the endpoint itself
 * refuses any outside the provider's agent menu), not another provider's records. A parameter's
 * `paramKey` names a platform declaration (参数管理, issue 19) that every provider may set alike.
 * A saved view's `roleId` names a platform role; a provider's operator may not share by role at all.
 */
export const catalogueInputs = new Set(['menuIds', 'paramKey', 'roleId']);

/** The owner of `id` on provider routes that are not a registered resource's. */
export const idOwners: Record<string, string> = {
  '/api/saasMessageAgentUser/': 'message',
  // The sweep asks for a store's history (fixedInputs): another provider's store must stay unknown.
  '/api/operationLog/history': 'store',
  // A view the provider's administrator saved (provider-world.ts).
  '/api/savedView/': 'savedView',
  // An export the provider's administrator asked for (provider-world.ts).
  '/api/exportTask/': 'exportTask',
};

/** Inputs the sweep cannot invent, by route: the screen permission an options call names. */
export const fixedInputs: Record<string, Record<string, string>> = {
  'GET /api/store/options': { for: 'store.page' },
  'GET /api/operationLog/history': { resource: 'store' },
  'POST /api/savedView/setDefault': { listKey: 'store' },
};

/** The id no provider has. */
export const missingId = '987654321';
