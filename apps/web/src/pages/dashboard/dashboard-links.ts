import type { DashboardSummary } from '@console/contract';

type Figure = 'providers' | 'enterprises' | 'stores' | 'gateways' | 'android' | 'homeUsers' | 'staffUsers' | 'accounts';
type Target = Figure | 'applications' | 'operations';

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
    operations: '/operationLog/operationLog',
  },
  agent: {
    enterprises: '/businessManage/businessManagement',
    stores: '/storeManage/storeManagement',
    gateways: '/agentZKB/agentZKBMgt',
    android: '/agentAndroid/agentAndroidMgt',
    operations: '/agentLog/agentOperationLog',
  },
};

export type { Target as FigureTarget };
