import { crudActions, lockActions } from './crud-actions.js';
import type { MenuSpec } from './types.js';

/**
 * Agent-menu entries (with everything under them) that belong to the provider administrator
 * alone: a staff member's grant can never hold them, so staff never manage staff.
 */
export const providerAdminOnlyMenus: readonly string[] = ['agentConfig'];

/** Provider operators' menu (spec section 2, agent-side menu routes). */
export const agentMenus: MenuSpec[] = [
  {
    name: 'businessManage',
    title: '企业管理',
    path: '/businessManage',
    icon: 'BankOutlined',
    children: [
      {
        name: 'businessManagement',
        title: '企业管理',
        path: '/businessManage/businessManagement',
        actions: crudActions('enterprise', ['page', 'get', 'create', 'update', 'delete', 'export']),
      },
    ],
  },
  {
    name: 'storeManage',
    title: '门店管理',
    path: '/storeManage',
    icon: 'ShopOutlined',
    children: [
      {
        name: 'storeManagement',
        title: '门店管理',
        path: '/storeManage/storeManagement',
        actions: {
          ...crudActions('store', ['page', 'get', 'create', 'update', 'delete', 'export']),
          'store.renew': '续费',
        },
      },
    ],
  },
  {
    name: 'agentSweep',
    title: '扫码支付商户',
    path: '/agentSweep',
    icon: 'QrcodeOutlined',
    children: [
      {
        name: 'agentSweepShop',
        title: '扫码支付商户',
        path: '/agentSweep/agentSweepShop',
        actions: crudActions('sweepShop'),
      },
    ],
  },
  {
    name: 'agentWs',
    title: '微信服务商商户',
    path: '/agentWs',
    icon: 'BankOutlined',
    children: [
      {
        name: 'agentWsShop',
        title: '微信服务商商户',
        path: '/agentWs/agentWsShop',
        actions: crudActions('wsShop'),
      },
    ],
  },
  {
    name: 'agentAndroid',
    title: '安卓设备',
    path: '/agentAndroid',
    icon: 'AndroidOutlined',
    children: [
      {
        name: 'agentAndroidMgt',
        title: '安卓设备',
        path: '/agentAndroid/agentAndroidMgt',
        actions: {
          ...crudActions('agentAndroid', ['page', 'get', 'update', 'delete', 'export']),
          'agentAndroid.voiceCode': '领取语音码',
          'agentAndroid.credential': '设备密钥',
          'agentVoiceCode.page': '查看语音码',
        },
      },
    ],
  },
  {
    name: 'agentZKB',
    title: '网关设备',
    path: '/agentZKB',
    icon: 'ClusterOutlined',
    children: [
      {
        name: 'agentZKBMgt',
        title: '网关设备',
        path: '/agentZKB/agentZKBMgt',
        actions: {
          ...crudActions('agentGateway', ['page', 'get', 'export']),
          'agentGateway.unbind': '解绑门店',
          'gatewayDevice.query': '查询设备状态',
          'gatewayDevice.restart': '重启网关',
          'gatewayDevice.credential': '设备密钥',
        },
      },
    ],
  },
  {
    name: 'busApplet',
    title: '商户小程序',
    path: '/busApplet',
    icon: 'AppstoreOutlined',
    children: [
      {
        name: 'busAppletMgt',
        title: '商户小程序',
        path: '/busApplet/busAppletMgt',
        actions: {
          ...crudActions('appletAuth', ['page', 'get', 'create', 'update', 'delete', 'export']),
          'appletAuth.authorize': '授权',
          'appletAuth.renew': '续期',
          'appletAuth.revoke': '取消授权',
        },
      },
    ],
  },
  {
    name: 'agentContractRecords',
    title: '合同记录',
    path: '/agentContractRecords',
    icon: 'FileTextOutlined',
    children: [
      {
        name: 'contractRecords',
        title: '合同记录',
        path: '/agentContractRecords/contractRecords',
        actions: crudActions('contract', ['page', 'get', 'create', 'update', 'delete']),
      },
    ],
  },
  {
    name: 'agentCollection',
    title: '收款记录',
    path: '/agentCollection',
    icon: 'MoneyCollectOutlined',
    children: [
      {
        name: 'collectionRecord',
        title: '收款记录',
        path: '/agentCollection/collectionRecord',
        actions: crudActions('collection', ['page', 'get', 'create', 'update', 'delete']),
      },
    ],
  },
  {
    name: 'agentTransaction',
    title: '账户流水',
    path: '/agentTransaction',
    icon: 'AccountBookOutlined',
    children: [
      {
        name: 'agentRecord',
        title: '账户流水',
        path: '/agentTransaction/agentRecord',
        actions: crudActions('accountRecord', ['page', 'get']),
      },
    ],
  },
  {
    name: 'agentConfig',
    title: '实施人员',
    path: '/agentConfig',
    icon: 'SolutionOutlined',
    children: [
      {
        name: 'staffingConfig',
        title: '实施人员',
        path: '/agentConfig/staffingConfig',
        actions: {
          ...crudActions('agentStaff', ['page', 'get', 'create', 'update']),
          'agentStaff.updateOpen': '启用/停用',
          'agentStaff.resetPassword': '重置密码',
        },
      },
    ],
  },
  {
    name: 'agentLog',
    title: '操作日志',
    path: '/agentLog',
    icon: 'FileSearchOutlined',
    children: [
      {
        name: 'agentOperationLog',
        title: '操作日志',
        path: '/agentLog/agentOperationLog',
        actions: { 'agentOperationLog.page': '查看操作日志' },
      },
    ],
  },
  {
    name: 'agentFreeAuthCode',
    title: '免授权码',
    path: '/agentFreeAuthCode',
    icon: 'KeyOutlined',
    children: [
      {
        name: 'freeAuthCode',
        title: '免授权码',
        path: '/agentFreeAuthCode/freeAuthCode',
        actions: {
          ...crudActions('freeAuthCode', ['page', 'get', 'export']),
          'freeAuthCode.assign': '发放给门店',
        },
      },
    ],
  },
  {
    name: 'agentParameterMgt',
    title: '参数管理',
    path: '/agentParameterMgt',
    icon: 'ControlOutlined',
    children: [
      {
        name: 'agentParameter',
        title: '参数管理',
        path: '/agentParameterMgt/agentParameter',
        actions: crudActions('parameter', ['page', 'get', 'create', 'update', 'delete']),
      },
    ],
  },
  {
    name: 'agentICHandControlDir',
    title: '手环控制',
    path: '/agentICHandControl',
    icon: 'ApiOutlined',
    children: [
      {
        name: 'agentICHandControl',
        title: 'IC 手环控制',
        path: '/agentICHandControl/agentICHandControl',
        actions: lockActions,
      },
    ],
  },
];
