import { crudActions } from './crud-actions.js';
import type { MenuSpec } from './types.js';

/** Platform menu groups for running the platform: direct-run stores, orders, WeChat, monitoring, messages, logs, accounts, configuration. */
export const platformOperationsMenus: MenuSpec[] = [
  {
    name: 'saasDirectStore',
    title: '直营管理',
    path: '/saasDirectStore',
    icon: 'ShopOutlined',
    children: [
      {
        name: 'businessManagement',
        title: '企业管理',
        path: '/saasDirectStore/businessManagement',
        actions: crudActions('directEnterprise'),
      },
      {
        name: 'storeManagement',
        title: '门店管理',
        path: '/saasDirectStore/storeManagement',
        actions: { ...crudActions('directStore'), 'directStore.renew': '续费' },
      },
      {
        name: 'contractRecords',
        title: '合同记录',
        path: '/saasDirectStore/contractRecords',
        actions: crudActions('directContract', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'collectionRecord',
        title: '收款记录',
        path: '/saasDirectStore/collectionRecord',
        actions: crudActions('directCollection', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'transactionRecord',
        title: '交易记录',
        path: '/saasDirectStore/transactionRecord',
        actions: { ...crudActions('directAccountRecord', ['page', 'get']), 'directAccountRecord.adjust': '调整余额' },
      },
      {
        name: 'saasConfig',
        title: '直营配置',
        path: '/saasDirectStore/saasConfig',
        actions: { 'directConfig.update': '修改直营配置' },
      },
      {
        name: 'agentParameter',
        title: '参数管理',
        path: '/saasDirectStore/agentParameter',
        actions: crudActions('directParameter', ['page', 'get', 'create', 'update', 'delete']),
      },
    ],
  },
  {
    name: 'orderManagement',
    title: '订单管理',
    path: '/orderManagement',
    icon: 'ShoppingCartOutlined',
    children: [
      {
        name: 'hardwareOrders',
        title: '硬件订单',
        path: '/orderManagement/hardwareOrders',
        actions: {
          ...crudActions('hardwareOrder', ['page', 'get', 'create', 'update', 'export']),
          'hardwareOrder.status': '变更状态',
          'hardwareOrder.changeAgent': '变更服务商',
        },
      },
      {
        name: 'MACAddress',
        title: 'MAC 地址',
        path: '/orderManagement/MACAddress',
        actions: { ...crudActions('macAddress'), 'macAddress.import': '导入' },
      },
      {
        name: 'zkbEquipmentNo',
        title: '网关编号',
        path: '/orderManagement/zkbEquipmentNo',
        actions: { ...crudActions('zkbEquipmentNo'), 'zkbEquipmentNo.import': '导入' },
      },
      {
        name: 'shipToAddress',
        title: '收货地址',
        path: '/orderManagement/shipToAddress',
        actions: crudActions('shipToAddress'),
      },
      {
        name: 'hardwareSetup',
        title: '硬件设置',
        path: '/orderManagement/hardwareSetup',
        actions: crudActions('hardwareProduct'),
      },
    ],
  },
  {
    name: 'customMenuDir',
    title: '公众号菜单',
    path: '/customMenu',
    icon: 'WechatOutlined',
    children: [
      {
        name: 'customMenu',
        title: '公众号自定义菜单',
        path: '/customMenu/customMenu',
        actions: { 'customMenu.get': '查看菜单', 'customMenu.update': '编辑菜单', 'customMenu.publish': '发布菜单' },
      },
    ],
  },
  {
    name: 'dataMonitoring',
    title: '数据监控',
    path: '/dataMonitoring',
    icon: 'MonitorOutlined',
    children: [
      {
        name: 'commissionMonitorMgt',
        title: '佣金监控',
        path: '/dataMonitoring/commissionMonitorMgt',
        actions: { 'commissionMonitorMgt.export': '导出', 'commissionMonitorMgt.check': '核对' },
      },
      {
        name: 'businessStatistics',
        title: '经营统计',
        path: '/dataMonitoring/businessStatistics',
        actions: { 'businessStatistics.export': '导出' },
      },
      {
        name: 'salesStatistics',
        title: '销售统计',
        path: '/dataMonitoring/salesStatistics',
        actions: { 'salesStatistics.export': '导出' },
      },
      {
        name: 'errorLog',
        title: '错误日志',
        path: '/dataMonitoring/errorLog',
        actions: { ...crudActions('errorLog', ['page', 'get', 'delete']), 'errorLog.handle': '标记已处理' },
      },
    ],
  },
  {
    name: 'systemMessageDir',
    title: '系统消息',
    path: '/systemMessage',
    icon: 'NotificationOutlined',
    children: [
      {
        name: 'systemMessage',
        title: '系统消息',
        path: '/systemMessage/systemMessage',
        actions: crudActions('saasMessage', ['page', 'get', 'create', 'delete']),
      },
    ],
  },
  {
    name: 'operationLogDir',
    title: '操作日志',
    path: '/operationLog',
    icon: 'FileSearchOutlined',
    children: [
      {
        name: 'operationLog',
        title: '操作日志',
        path: '/operationLog/operationLog',
        actions: {
          'operationLog.page': '查看操作日志',
          'loginLog.page': '查看登录日志',
          'signInLock.page': '查看登录锁定',
          'signInLock.unlock': '解除登录锁定',
        },
      },
    ],
  },
  {
    name: 'account',
    title: '账号管理',
    path: '/account',
    icon: 'UserOutlined',
    children: [
      {
        name: 'accountMgt',
        title: '账号管理',
        path: '/account/accountMgt',
        actions: {
          ...crudActions('saasAdmin', ['page', 'get', 'create', 'update', 'delete']),
          'saasAdmin.updateOpen': '启用/停用',
          'saasAdmin.resetPassword': '重置密码',
          'saasAdmin.resetSecondFactor': '重置两步验证',
          ...crudActions('saasRole', ['page', 'get', 'create', 'update', 'delete']),
          'session.page': '查看在线会话',
          'session.forceLogout': '强制下线',
        },
      },
    ],
  },
  {
    name: 'systemConfig',
    title: '系统配置',
    path: '/systemConfig',
    icon: 'SettingOutlined',
    children: [
      {
        name: 'privatezc',
        title: '隐私政策',
        path: '/systemConfig/privatezc',
        actions: {
          'systemConfig.get': '查看系统配置',
          'systemConfig.update': '修改系统配置',
          ...crudActions('agreementVersion', ['page', 'get', 'create', 'update', 'delete', 'export']),
          'agreementVersion.publish': '发布',
        },
      },
      {
        name: 'webPrice',
        title: '系统价格',
        path: '/systemConfig/webPrice',
        actions: crudActions('webPrice', ['page', 'get', 'create', 'update', 'delete', 'export']),
      },
      {
        name: 'staffAppletPrice',
        title: '员工小程序价格',
        path: '/systemConfig/staffAppletPrice',
        actions: crudActions('staffAppletPrice', ['page', 'get', 'create', 'update', 'delete', 'export']),
      },
      {
        name: 'voiceCode',
        title: '语音码设置',
        path: '/systemConfig/voiceCode',
        actions: { 'voiceCodeConfig.get': '查看语音码设置', 'voiceCodeConfig.update': '修改语音码设置' },
      },
      {
        name: 'freeAuthCode',
        title: '免授权码',
        path: '/systemConfig/freeAuthCode',
        actions: {
          ...crudActions('freeAuthCode', ['page', 'get', 'create', 'export']),
          'freeAuthCode.void': '作废',
          'freeAuthCode.assign': '发放给门店',
        },
      },
      {
        name: 'editionMgt',
        title: '版本管理',
        path: '/systemConfig/editionMgt',
        actions: crudActions('edition', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'saasMenu',
        title: '菜单管理',
        path: '/systemConfig/saasMenu',
        actions: crudActions('saasMenu', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'parameterMgt',
        title: '参数管理',
        path: '/systemConfig/parameterMgt',
        actions: crudActions('platformParam', ['page', 'get', 'create', 'update', 'delete', 'export']),
      },
      {
        name: 'synchronizeBilling',
        title: '同步计费',
        path: '/systemConfig/synchronizeBilling',
        actions: {
          ...crudActions('billingSync', ['page', 'get', 'export']),
          'billingSync.start': '开始同步',
          'billingRecord.page': '查询账单记录',
          'billingRecord.get': '账单记录详情',
          'billingRecord.export': '导出账单记录',
        },
      },
    ],
  },
];
