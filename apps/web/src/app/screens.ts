import { type ComponentType, useMemo } from 'react';
import { useSession } from '../stores/session';
import {
  type ScreenDef,
  type VisibleMenuNode,
  catalogueEntry,
  findIn,
  menuRedirect,
  normalise,
  permittedScreens,
  visibleMenuTree,
} from '../lib/menu-filter';

export type { ScreenDef, VisibleMenuNode } from '../lib/menu-filter';

export interface Screen extends ScreenDef {
  load: () => Promise<{ default: ComponentType }>;
}

type PageModule = Record<string, unknown>;

/**
 * The console benchmark (issue 7) builds a second time with `vite build --mode one-screen` to
 * compare the entry chunk with every screen registered against one with a single screen. MODE is
 * a build-time constant, so that build really holds only IP 限制: the bundler drops the other branch.
 */
const oneScreen = import.meta.env.MODE === 'one-screen';

// Every page file is a lazy chunk; a screen whose file does not exist yet is simply not registered,
// so it is neither routable nor in the menu (no placeholder pages).
const pageModules = oneScreen
  ? import.meta.glob<PageModule>('../pages/user-mgt/ip-restrictions-page.tsx')
  : import.meta.glob<PageModule>([
      '../pages/**/*-page.tsx',
      '!../pages/login/**',
      '!../pages/public/**',
      '!../pages/system/**',
    ]);

/** A page module's component: its default export, or its only exported component. */
function componentOf(module: PageModule, file: string): ComponentType {
  const candidate =
    module.default ?? Object.values(module).find((value) => typeof value === 'function' || typeof value === 'object');
  if (!candidate) throw new Error(`${file} 没有导出页面组件`);
  return candidate as ComponentType;
}

function loader(file: string): Screen['load'] | null {
  const key = `../pages/${file}`;
  const load = pageModules[key];
  return load ? () => load().then((module) => ({ default: componentOf(module, key) })) : null;
}

/** A screen of the menu catalogue: its route name and title come from the catalogue, never typed twice. */
export function menuScreen(path: string, load: Screen['load'] | null): Screen | null {
  const spec = catalogueEntry(path);
  if (!spec) throw new Error(`菜单目录中没有路径 ${path}`);
  return load ? { name: spec.name, path: spec.path, title: spec.title, load } : null;
}

/** A screen outside the menu (首页, 个人中心, message details): always allowed for its audience. */
export function fixedScreen(def: Omit<ScreenDef, 'alwaysAllowed'>, load: Screen['load'] | null): Screen | null {
  return load ? { ...def, alwaysAllowed: true, load } : null;
}

/** Page files under `src/pages`, e.g. `page('dashboard/dashboard-page.tsx')`. */
export const page = loader;

// A function, so the one-screen build (which never calls it) drops every other screen's import.
const declared = (): (Screen | null)[] => [
  fixedScreen(
    { name: 'Dashboard', path: '/dashboard', title: '首页', affix: true },
    page('dashboard/dashboard-page.tsx'),
  ),
  fixedScreen({ name: 'Profile', path: '/profile/index', title: '个人中心' }, page('profile/profile-page.tsx')),
  // 导出中心: every operator's own exports (the header icon opens it).
  fixedScreen(
    { name: 'ExportCenter', path: '/profile/exportCenter', title: '导出中心' },
    () => import('../features/export-center/export-center-page'),
  ),
  // Every operator's own inbox (platform accounts receive system notices too, issue 31).
  fixedScreen({ name: 'SystemMsg', path: '/profile/systemMsg', title: '系统消息' }, () =>
    import('../features/messages/system-message-page').then((m) => ({ default: m.InboxSystemMessagePage })),
  ),
  fixedScreen(
    { name: 'MessageDetail', path: '/profile/messageDetail', title: '消息详情' },
    () => import('../features/messages/message-detail-page'),
  ),
  fixedScreen(
    { name: 'SaasMessageDetail', path: '/profile/saasMessageDetail', title: '消息详情', audience: 'platform' },
    () => import('../features/messages/saas-message-detail-page'),
  ),
  menuScreen('/systemMessage/systemMessage', () =>
    import('../features/messages/system-message-page').then((m) => ({ default: m.PlatformSystemMessagePage })),
  ),
  menuScreen('/userMgt/IPRestrictions', page('user-mgt/ip-restrictions-page.tsx')),
  menuScreen('/userMgt/agentMgt', page('user-mgt/agent-mgt-page.tsx')),
  menuScreen('/userMgt/authManage', page('user-mgt/auth-manage-page.tsx')),
  menuScreen('/userMgt/officialAccounts', page('user-mgt/official-accounts-page.tsx')),
  menuScreen('/customMenu/customMenu', page('custom-menu/custom-menu-page.tsx')),
  menuScreen('/userMgt/seeBusiness', page('user-mgt/see-business-page.tsx')),
  menuScreen('/userMgt/seeStore', page('user-mgt/see-store-page.tsx')),
  menuScreen('/userMgt/ZGJUser', page('user-mgt/zgj-user-page.tsx')),
  menuScreen('/userMgt/appletsUserMgt', page('user-mgt/applets-user-mgt-page.tsx')),
  menuScreen('/userMgt/android', page('user-mgt/android-page.tsx')),
  menuScreen('/agentAndroid/agentAndroidMgt', page('agent-android/agent-android-mgt-page.tsx')),
  menuScreen('/userMgt/dispatchVoice', page('user-mgt/dispatch-voice-page.tsx')),
  menuScreen('/userMgt/ICHandControl', page('user-mgt/ic-hand-control-page.tsx')),
  menuScreen('/agentICHandControl/agentICHandControl', page('user-mgt/ic-hand-control-page.tsx')),
  menuScreen('/systemConfig/voiceCode', page('system-config/voice-code-page.tsx')),
  menuScreen('/systemConfig/freeAuthCode', page('system-config/free-auth-code-page.tsx')),
  menuScreen('/agentFreeAuthCode/freeAuthCode', page('system-config/free-auth-code-page.tsx')),
  menuScreen('/storeApplication/storeApplication', page('store-application/store-application-page.tsx')),
  menuScreen('/storeApplication/agentExamine', page('store-application/agent-examine-page.tsx')),
  menuScreen('/storeApplication/recycleStore', page('store-application/recycle-store-page.tsx')),
  menuScreen('/SMS/SMSChannel', page('sms/sms-channel-page.tsx')),
  menuScreen('/SMS/marketingTemplate', page('sms/marketing-template-page.tsx')),
  menuScreen('/SMS/SMSRecycling', page('sms/sms-recycling-page.tsx')),
  menuScreen('/SMS/SMSLog', page('sms/sms-log-page.tsx')),
  menuScreen('/systemConfig/privatezc', page('system-config/privatezc-page.tsx')),
  menuScreen('/systemConfig/webPrice', page('system-config/web-price-page.tsx')),
  menuScreen('/systemConfig/staffAppletPrice', page('system-config/staff-applet-price-page.tsx')),
  menuScreen('/systemConfig/editionMgt', page('system-config/edition-mgt-page.tsx')),
  menuScreen('/systemConfig/saasMenu', page('system-config/saas-menu-page.tsx')),
  menuScreen('/systemConfig/parameterMgt', page('system-config/parameter-mgt-page.tsx')),
  menuScreen('/systemConfig/synchronizeBilling', page('system-config/synchronize-billing-page.tsx')),
  menuScreen('/operationLog/operationLog', page('operation-log/operation-log-page.tsx')),
  menuScreen('/account/accountMgt', page('account/account-mgt-page.tsx')),
  menuScreen('/agentConfig/staffingConfig', page('agent-config/staffing-config-page.tsx')),
  menuScreen('/userMgt/factorySetting', page('user-mgt/factory-setting-page.tsx')),
  menuScreen('/agentZKB/agentZKBMgt', page('agent-zkb/agent-zkb-mgt-page.tsx')),
  // 支付商户: the platform's and a provider's screens are one page each; the server scopes the rows.
  menuScreen('/payManger/sweepShop', page('pay-manger/sweep-shop-page.tsx')),
  menuScreen('/payManger/wsShop', page('pay-manger/ws-shop-page.tsx')),
  menuScreen('/agentSweep/agentSweepShop', page('pay-manger/sweep-shop-page.tsx')),
  menuScreen('/agentWs/agentWsShop', page('pay-manger/ws-shop-page.tsx')),
  menuScreen('/payManger/enterpriseWallet', page('pay-manger/enterprise-wallet-page.tsx')),
  menuScreen('/saasTransaction/saasPayment', page('saas-transaction/saas-payment-page.tsx')),
  menuScreen('/saasTransaction/saasRecord', page('saas-transaction/saas-record-page.tsx')),
  menuScreen('/reportCenter/saasRecordList', page('report-center/saas-record-list-page.tsx')),
  menuScreen('/reportCenter/monthDataStatistics', page('report-center/month-data-statistics-page.tsx')),
  menuScreen('/reportCenter/agentDataStatistics', page('report-center/agent-data-statistics-page.tsx')),
  menuScreen('/dataMonitoring/commissionMonitorMgt', page('data-monitoring/commission-monitor-page.tsx')),
  menuScreen('/dataMonitoring/businessStatistics', page('data-monitoring/business-statistics-page.tsx')),
  menuScreen('/dataMonitoring/salesStatistics', page('data-monitoring/sales-statistics-page.tsx')),
  menuScreen('/dataMonitoring/errorLog', page('data-monitoring/error-log-page.tsx')),
  menuScreen('/orderManagement/hardwareOrders', page('order-management/hardware-orders-page.tsx')),
  menuScreen('/orderManagement/MACAddress', page('order-management/mac-address-page.tsx')),
  menuScreen('/orderManagement/zkbEquipmentNo', page('order-management/zkb-equipment-no-page.tsx')),
  menuScreen('/orderManagement/shipToAddress', page('order-management/ship-to-address-page.tsx')),
  menuScreen('/orderManagement/hardwareSetup', page('order-management/hardware-setup-page.tsx')),
  fixedScreen(
    { name: 'DeliveryNote', path: '/orderManagement/deliveryNote', title: '发货单', audience: 'platform' },
    page('order-management/delivery-note-page.tsx'),
  ),
  // The provider's console (issue 20); the five shared with 直营 are one page each, mounted twice.
  menuScreen('/businessManage/businessManagement', page('provider/business-management-page.tsx')),
  menuScreen('/storeManage/storeManagement', page('provider/store-management-page.tsx')),
  menuScreen('/busApplet/busAppletMgt', page('user-mgt/auth-manage-page.tsx')),
  menuScreen('/agentContractRecords/contractRecords', page('provider/contract-records-page.tsx')),
  menuScreen('/agentCollection/collectionRecord', page('provider/collection-record-page.tsx')),
  menuScreen('/agentTransaction/agentRecord', page('provider/account-ledger-page.tsx')),
  menuScreen('/agentLog/agentOperationLog', page('operation-log/agent-operation-log-page.tsx')),
  menuScreen('/saasDirectStore/businessManagement', page('provider/business-management-page.tsx')),
  menuScreen('/saasDirectStore/storeManagement', page('provider/store-management-page.tsx')),
  menuScreen('/saasDirectStore/contractRecords', page('provider/contract-records-page.tsx')),
  menuScreen('/saasDirectStore/collectionRecord', page('provider/collection-record-page.tsx')),
  menuScreen('/saasDirectStore/transactionRecord', page('provider/account-ledger-page.tsx')),
  menuScreen('/saasDirectStore/saasConfig', page('provider/saas-config-page.tsx')),
  menuScreen('/agentParameterMgt/agentParameter', page('agent-parameter/agent-parameter-page.tsx')),
  menuScreen('/saasDirectStore/agentParameter', page('agent-parameter/agent-parameter-page.tsx')),
];

/** Every built console screen. */
export const screens: readonly Screen[] = (
  oneScreen ? [menuScreen('/userMgt/IPRestrictions', page('user-mgt/ip-restrictions-page.tsx'))] : declared()
).filter((screen): screen is Screen => screen !== null);

/** The registered screen at a console path (ignores permission; see `usePermittedScreens`). */
export function findScreen(pathname: string): Screen | undefined {
  return findIn(screens, pathname);
}

export function usePermittedScreens(): Screen[] {
  const tree = useSession((state) => state.menuTree);
  const adminType = useSession((state) => state.adminType);
  return useMemo(() => permittedScreens(screens, tree, adminType), [tree, adminType]);
}

export function useVisibleMenuTree(): VisibleMenuNode[] {
  const tree = useSession((state) => state.menuTree);
  return useMemo(() => visibleMenuTree(tree, screens), [tree]);
}

export type ConsoleTarget =
  { kind: 'screen'; screen: Screen } | { kind: 'redirect'; to: string } | { kind: 'forbidden' } | { kind: 'notFound' };

/**
 * A console path that is somebody's screen: a built screen, or a menu directory holding one.
 * Not being granted it is 401 (无权访问此页面); a path that is nobody's is 404 (issue 28).
 */
function existsForSomeone(pathname: string, all: readonly Screen[]): boolean {
  const path = normalise(pathname);
  if (findIn(all, path)) return true;
  return !!catalogueEntry(path) && all.some((screen) => screen.path.startsWith(`${path}/`));
}

/** What a guarded console path shows for this operator: its screen, a directory's redirect, 401 or 404. */
export function resolveConsolePath(
  pathname: string,
  permitted: Screen[],
  tree: VisibleMenuNode[],
  all: readonly Screen[] = screens,
): ConsoleTarget {
  const screen = findIn(permitted, pathname);
  if (screen) return { kind: 'screen', screen };
  const to = menuRedirect(tree, pathname);
  if (to) return { kind: 'redirect', to };
  return existsForSomeone(pathname, all) ? { kind: 'forbidden' } : { kind: 'notFound' };
}
