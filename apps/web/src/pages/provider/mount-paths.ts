import type { ScreenMount } from '@console/contract';
import type { StoreCountLink } from '../user-mgt/store-counts';

/** The store list of each mount, where an enterprise's 门店 link leads. */
export const storeListPath: Record<ScreenMount, string> = {
  provider: '/storeManage/storeManagement',
  direct: '/saasDirectStore/storeManagement',
};

/** A provider's own device screens (the platform's device screens span every provider). */
export const providerStoreCounts: readonly StoreCountLink[] = [
  { key: 'gatewayDevices', label: '网关设备', path: '/agentZKB/agentZKBMgt' },
  { key: 'androidDevices', label: '安卓设备', path: '/agentAndroid/agentAndroidMgt' },
  { key: 'homeUsers', label: '店主账号', path: '/userMgt/ZGJUser' },
  { key: 'staffUsers', label: '门店员工', path: '/userMgt/appletsUserMgt' },
];
