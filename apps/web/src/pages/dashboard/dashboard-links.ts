import type { DashboardSummary } from '@console/contract';
import dayjs from 'dayjs';

type Figure = 'providers' | 'enterprises' | 'stores' | 'gateways' | 'android' | 'homeUsers' | 'staffUsers' | 'accounts';
type Target = Figure | 'applications' | 'providerApplications' | 'operations' | 'ledger';

/** The screen behind each figure, per side; a figure links only when that screen is open to the operator. */
export const figureScreens: Record<DashboardSummary['scope'], Partial<Record<Target, string>>> = {
  platform: {
    providers: '/userMgt/agentMgt',
    enterprises: '/userMgt/seeBusiness',
    stores: '/userMgt/seeStore',
    gateways: '/userMgt/factorySetting',
    android: '/userMgt/android',
    homeUsers: '/userMgt/ZGJUser',
    staffUsers: '/userMgt/appletsUserMgt',
    accounts: '/account/accountMgt',
    applications: '/storeApplication/storeApplication',
    providerApplications: '/storeApplication/agentExamine',
    operations: '/operationLog/operationLog',
  },
  agent: {
    enterprises: '/businessManage/businessManagement',
    stores: '/storeManage/storeManagement',
    gateways: '/agentZKB/agentZKBMgt',
    android: '/agentAndroid/agentAndroidMgt',
    operations: '/agentLog/agentOperationLog',
    ledger: '/agentTransaction/agentRecord',
  },
};

/** A figure's screen with the list filters (the contract's filter names) that show exactly its rows. */
export interface FigureLink {
  target: Target;
  filters?: Record<string, string | number>;
}

// The list screens read a range filter as `from~to` (components/resource/list-state.ts).
const range = (from: string, to: string) => `${from}~${to}`;

/**
 * The filtered lists behind the secondary figures and reminders. Dates come from the summary's
 * own window (China time), so a link lists the rows the figure counted, whatever the browser's zone.
 */
export function figureLinks(s: DashboardSummary) {
  const { from, to } = s.expiryWindow;
  const lapsed = range('', dayjs(from).subtract(1, 'day').format('YYYY-MM-DD'));
  const soon = range(from, to);
  return {
    providersPending: { target: 'providerApplications', filters: { status: 0 } },
    providersActive: { target: 'providers', filters: { status: 1 } },
    providersFrozen: { target: 'providers', filters: { status: 2 } },
    providersExpired: { target: 'providers', filters: { status: 3 } },
    storesPending: { target: 'applications' },
    storesNormal: { target: 'stores', filters: { status: 1 } },
    storesExpired: { target: 'stores', filters: { status: 3 } },
    storesExpiring: { target: 'stores', filters: { status: 1, webExpireAt: soon } },
    gatewaysOnline: { target: 'gateways', filters: { communicationStatus: 1 } },
    gatewaysOffline: { target: 'gateways', filters: { communicationStatus: 0 } },
    androidOnline: { target: 'android', filters: { online: 1 } },
    androidOffline: { target: 'android', filters: { online: 0 } },
    accountsEnabled: { target: 'accounts', filters: { open: 1 } },
    homeUsersExpiring: { target: 'homeUsers', filters: { expireDate: soon } },
    homeUsersExpired: { target: 'homeUsers', filters: { expireDate: lapsed } },
    staffUsersExpiring: { target: 'staffUsers', filters: { dueDate: soon } },
    staffUsersExpired: { target: 'staffUsers', filters: { dueDate: lapsed } },
    // 门店续费 rows of the ledger since the 1st (staff mini-program renewals are their own kind).
    monthRenewals: { target: 'ledger', filters: { kind: 3, createdAt: range(s.account?.monthStart ?? from, '') } },
  } satisfies Record<string, FigureLink>;
}

/** `/path?a=1&b=2` for a screen and its filters. */
export function linkAddress(path: string, filters: FigureLink['filters']): string {
  const query = new URLSearchParams(Object.entries(filters ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${path}?${query}` : path;
}

export type { Target as FigureTarget };
