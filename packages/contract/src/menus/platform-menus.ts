import { crudActions } from './crud-actions.js';
import type { MenuSpec } from './types.js';

/** Platform administrators' menu (spec section 2, platform-admin menu routes). */
export const platformMenus: MenuSpec[] = [
  {
    name: 'userMgt',
    title: '用户管理',
    path: '/userMgt',
    icon: 'TeamOutlined',
    children: [
      {
        name: 'agentMgt',
        title: '服务商管理',
        path: '/userMgt/agentMgt',
        actions: {
          ...crudActions('agent'),
          'agent.freeze': '冻结/解冻',
          'agentMenu.get': '查看菜单权限',
          'agentMenu.update': '设置菜单权限',
        },
      },
      {
        name: 'seeBusiness',
        title: '企业查看',
        path: '/userMgt/seeBusiness',
        actions: crudActions('enterprise', ['page', 'get', 'export']),
      },
      {
        name: 'seeStore',
        title: '门店查看',
        path: '/userMgt/seeStore',
        actions: crudActions('store', ['page', 'get', 'export']),
      },
      {
        name: 'ZGJUser',
        title: '店主账号',
        path: '/userMgt/ZGJUser',
        actions: crudActions('homeUser', ['page', 'get', 'update', 'delete', 'export']),
      },
      {
        name: 'appletsUserMgt',
        title: '门店员工',
        path: '/userMgt/appletsUserMgt',
        actions: crudActions('staffApplet', ['page', 'get', 'update', 'export']),
      },
      {
        name: 'authManage',
        title: '商户小程序',
        path: '/userMgt/authManage',
        actions: crudActions('appletAuth', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'officialAccounts',
        title: '公众号管理',
        path: '/userMgt/officialAccounts',
        actions: crudActions('officialAccount', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'android',
        title: '安卓设备',
        path: '/userMgt/android',
        actions: {
          ...crudActions('android', ['page', 'get', 'update', 'delete']),
          'android.voiceCode': '绑定语音码',
          ...crudActions('appVersion', ['page', 'get', 'create', 'update', 'delete']),
          'appVersion.push': '推送应用更新',
          ...crudActions('companyGroup', ['page', 'get', 'create', 'update', 'delete']),
        },
      },
      {
        name: 'factorySetting',
        title: '网关设备',
        path: '/userMgt/factorySetting',
        actions: {
          ...crudActions('gatewayDevice', ['page', 'get']),
          'gatewayDevice.query': '查询设备状态',
          'gatewayDevice.restart': '重启网关',
          'gatewayDevice.unbind': '解绑门店',
          'deviceBan.page': '查看黑名单',
          'deviceBan.create': '加入黑名单',
          'deviceBan.delete': '移出黑名单',
        },
      },
      {
        name: 'dispatchVoice',
        title: '语音码分配',
        path: '/userMgt/dispatchVoice',
        actions: { 'voiceCode.allocate': '分配语音码' },
      },
      { name: 'ICHandControl', title: '柜锁对接', path: '/userMgt/ICHandControl' },
      {
        name: 'IPRestrictions',
        title: 'IP 限制',
        path: '/userMgt/IPRestrictions',
        actions: crudActions('ipRestriction', ['page', 'get', 'create', 'update', 'delete']),
      },
    ],
  },
  {
    name: 'payManger',
    title: '支付管理',
    path: '/payManger',
    icon: 'WalletOutlined',
    children: [
      {
        name: 'sweepShop',
        title: '扫码支付商户',
        path: '/payManger/sweepShop',
        actions: crudActions('sweepShop', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'wsShop',
        title: '网商支付商户',
        path: '/payManger/wsShop',
        actions: crudActions('wsShop', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'enterpriseWallet',
        title: '企业钱包',
        path: '/payManger/enterpriseWallet',
        actions: {
          ...crudActions('enterpriseWallet', ['page', 'get']),
          'enterpriseWallet.create': '开通钱包',
          'enterpriseWallet.update': '冻结/解冻',
          'enterpriseWallet.adjust': '调整余额',
        },
      },
    ],
  },
  {
    name: 'saasTransaction',
    title: '交易管理',
    path: '/saasTransaction',
    icon: 'TransactionOutlined',
    children: [
      {
        name: 'saasPayment',
        title: '门店缴费记录',
        path: '/saasTransaction/saasPayment',
        actions: crudActions('saasPayment', ['page', 'get']),
      },
      {
        name: 'saasRecord',
        title: '服务商缴费记录',
        path: '/saasTransaction/saasRecord',
        actions: crudActions('saasRecord', ['page', 'get']),
      },
    ],
  },
  {
    name: 'reportCenter',
    title: '报表中心',
    path: '/reportCenter',
    icon: 'BarChartOutlined',
    children: [
      { name: 'monthDataStatistics', title: '月度数据统计', path: '/reportCenter/monthDataStatistics' },
      { name: 'agentDataStatistics', title: '服务商数据统计', path: '/reportCenter/agentDataStatistics' },
      { name: 'saasRecordList', title: '缴费明细', path: '/reportCenter/saasRecordList' },
    ],
  },
  {
    name: 'SMS',
    title: '短信管理',
    path: '/SMS',
    icon: 'MessageOutlined',
    children: [
      {
        name: 'SMSChannel',
        title: '短信通道',
        path: '/SMS/SMSChannel',
        actions: {
          ...crudActions('smsChannel', ['page', 'get', 'create', 'update', 'delete']),
          'smsChannel.test': '发送测试短信',
        },
      },
      {
        name: 'marketingTemplate',
        title: '营销模板审核',
        path: '/SMS/marketingTemplate',
        actions: {
          ...crudActions('marketingTemplate', ['page', 'get', 'delete']),
          'marketingTemplate.review': '审核',
        },
      },
      {
        name: 'SMSRecycling',
        title: '短信回收',
        path: '/SMS/SMSRecycling',
        actions: {
          ...crudActions('smsRecycling', ['page', 'get', 'create', 'delete']),
          'smsRecycling.handle': '处理',
        },
      },
    ],
  },
  {
    name: 'storeApplicationDir',
    title: '开店审核',
    path: '/storeApplication',
    icon: 'AuditOutlined',
    badge: 'pendingApplication',
    children: [
      {
        name: 'storeApplication',
        title: '开店申请',
        path: '/storeApplication/storeApplication',
        actions: { 'store.approve': '通过申请', 'store.reject': '驳回申请' },
      },
      {
        name: 'agentExamine',
        title: '服务商审核',
        path: '/storeApplication/agentExamine',
        actions: { 'agent.examine': '审核入驻申请' },
      },
      {
        name: 'recycleStore',
        title: '门店回收站',
        path: '/storeApplication/recycleStore',
        actions: { 'store.restore': '恢复门店' },
      },
    ],
  },
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
        actions: crudActions('enterprise', ['create', 'update', 'delete']),
      },
      {
        name: 'storeManagement',
        title: '门店管理',
        path: '/saasDirectStore/storeManagement',
        actions: crudActions('store', ['create', 'update', 'delete']),
      },
      {
        name: 'contractRecords',
        title: '合同记录',
        path: '/saasDirectStore/contractRecords',
        actions: crudActions('contract', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'collectionRecord',
        title: '收款记录',
        path: '/saasDirectStore/collectionRecord',
        actions: crudActions('collection', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'transactionRecord',
        title: '交易记录',
        path: '/saasDirectStore/transactionRecord',
        actions: { ...crudActions('accountRecord', ['page', 'get']), 'accountRecord.adjust': '调整余额' },
      },
      { name: 'saasConfig', title: '直营配置', path: '/saasDirectStore/saasConfig' },
      { name: 'agentParameter', title: '参数管理', path: '/saasDirectStore/agentParameter' },
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
        actions: crudActions('macAddress', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'zkbEquipmentNo',
        title: '网关设备号',
        path: '/orderManagement/zkbEquipmentNo',
        actions: crudActions('zkbEquipmentNo', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'shipToAddress',
        title: '收货地址',
        path: '/orderManagement/shipToAddress',
        actions: crudActions('shipToAddress', ['page', 'get', 'create', 'update', 'delete']),
      },
      {
        name: 'hardwareSetup',
        title: '硬件设置',
        path: '/orderManagement/hardwareSetup',
        actions: crudActions('hardwareProduct', ['page', 'get', 'create', 'update', 'delete']),
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
        title: '公众号菜单',
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
      { name: 'commissionMonitorMgt', title: '佣金监控', path: '/dataMonitoring/commissionMonitorMgt' },
      { name: 'businessStatistics', title: '经营统计', path: '/dataMonitoring/businessStatistics' },
      { name: 'salesStatistics', title: '销售统计', path: '/dataMonitoring/salesStatistics' },
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
        actions: { 'operationLog.page': '查看操作日志', 'loginLog.page': '查看登录日志' },
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
          ...crudActions('saasAdmin'),
          'saasAdmin.updateOpen': '启用/停用',
          'saasAdmin.resetPassword': '重置密码',
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
        actions: { 'systemConfig.get': '查看系统配置', 'systemConfig.update': '修改系统配置' },
      },
      { name: 'webPrice', title: '系统价格', path: '/systemConfig/webPrice' },
      { name: 'staffAppletPrice', title: '员工小程序价格', path: '/systemConfig/staffAppletPrice' },
      {
        name: 'voiceCode',
        title: '语音码',
        path: '/systemConfig/voiceCode',
        actions: crudActions('voiceCode', ['page', 'create', 'export']),
      },
      {
        name: 'freeAuthCode',
        title: '免授权码',
        path: '/systemConfig/freeAuthCode',
        actions: {
          ...crudActions('freeAuthCode', ['page', 'get', 'create', 'delete']),
          'freeAuthCode.void': '作废',
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
        actions: crudActions('parameter', ['page', 'get', 'create', 'update', 'delete']),
      },
      { name: 'synchronizeBilling', title: '同步计费', path: '/systemConfig/synchronizeBilling' },
    ],
  },
];
