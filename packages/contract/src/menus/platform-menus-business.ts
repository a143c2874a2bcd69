import { crudActions, lockActions } from './crud-actions.js';
import type { MenuSpec } from './types.js';

/** Platform menu groups for the business: users and devices, payments, transactions, reports, SMS, store review. */
export const platformBusinessMenus: MenuSpec[] = [
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
          ...crudActions('agent', ['page', 'get', 'create', 'update']),
          'agent.freeze': '冻结/解冻',
          'accountRecord.adjust': '调整服务商余额',
          'agentMenu.get': '查看菜单权限',
          'agentMenu.update': '设置菜单权限',
          'agent.viewAs': '以服务商身份查看',
          'agent.viewAsWrite': '以服务商身份查看（可修改）',
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
        actions: {
          ...crudActions('appletAuth', ['page', 'get', 'create', 'update', 'delete', 'export']),
          'appletAuth.authorize': '授权',
          'appletAuth.renew': '续期',
          'appletAuth.revoke': '取消授权',
        },
      },
      {
        name: 'officialAccounts',
        title: '公众号管理',
        path: '/userMgt/officialAccounts',
        actions: {
          ...crudActions('officialAccount', ['page', 'get', 'create', 'update', 'delete', 'export']),
          'officialAccount.sync': '同步粉丝与菜单',
        },
      },
      {
        name: 'android',
        title: '安卓设备',
        path: '/userMgt/android',
        actions: {
          ...crudActions('android', ['page', 'get', 'update', 'delete', 'export']),
          'android.voiceCode': '绑定语音码',
          'android.credential': '设备密钥',
          ...crudActions('appVersion', ['page', 'get', 'create', 'update', 'delete']),
          'appVersion.push': '推送应用更新',
          ...crudActions('companyGroup', ['page', 'get', 'create', 'update', 'delete', 'export']),
        },
      },
      {
        name: 'factorySetting',
        title: '网关设备',
        path: '/userMgt/factorySetting',
        actions: {
          ...crudActions('gatewayDevice', ['page', 'get', 'export']),
          'gatewayDevice.query': '查询设备状态',
          'gatewayDevice.restart': '重启网关',
          'gatewayDevice.unbind': '解绑门店',
          'gatewayDevice.credential': '设备密钥',
          'deviceBan.page': '查看黑名单',
          'deviceBan.create': '加入黑名单',
          'deviceBan.delete': '移出黑名单',
        },
      },
      {
        name: 'dispatchVoice',
        title: '语音码派发',
        path: '/userMgt/dispatchVoice',
        actions: {
          ...crudActions('voiceCode', ['page', 'create', 'export']),
          'voiceCode.allocate': '分配语音码',
          'voiceCode.void': '作废语音码',
        },
      },
      { name: 'ICHandControl', title: 'IC 手环控制', path: '/userMgt/ICHandControl', actions: lockActions },
      {
        name: 'IPRestrictions',
        title: 'IP 限制',
        path: '/userMgt/IPRestrictions',
        actions: crudActions('ipRestriction'),
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
        actions: crudActions('sweepShop'),
      },
      {
        name: 'wsShop',
        title: '微信服务商商户',
        path: '/payManger/wsShop',
        actions: crudActions('wsShop'),
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
        actions: { ...crudActions('saasPayment', ['page', 'get', 'export']), 'saasPayment.refund': '退款' },
      },
      {
        name: 'saasRecord',
        title: '服务商缴费记录',
        path: '/saasTransaction/saasRecord',
        actions: { ...crudActions('saasRecord', ['page', 'get', 'export']), 'saasRecord.refund': '退款' },
      },
    ],
  },
  {
    name: 'reportCenter',
    title: '报表中心',
    path: '/reportCenter',
    icon: 'BarChartOutlined',
    children: [
      {
        name: 'monthDataStatistics',
        title: '月度数据统计',
        path: '/reportCenter/monthDataStatistics',
        actions: { 'monthDataStatistics.export': '导出' },
      },
      {
        name: 'agentDataStatistics',
        title: '服务商数据统计',
        path: '/reportCenter/agentDataStatistics',
        actions: { 'agentDataStatistics.export': '导出' },
      },
      {
        name: 'saasRecordList',
        title: '缴费明细',
        path: '/reportCenter/saasRecordList',
        actions: crudActions('saasRecordList', ['page', 'get', 'export']),
      },
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
          ...crudActions('smsChannel', ['page', 'get', 'create', 'update', 'delete', 'export']),
          'smsChannel.test': '发送测试短信',
        },
      },
      {
        name: 'marketingTemplate',
        title: '营销模板审核',
        path: '/SMS/marketingTemplate',
        actions: {
          ...crudActions('marketingTemplate', ['page', 'get', 'delete', 'export']),
          'marketingTemplate.review': '审核',
          'marketingTemplate.send': '发送营销短信',
        },
      },
      {
        name: 'SMSRecycling',
        title: '短信回收',
        path: '/SMS/SMSRecycling',
        actions: {
          ...crudActions('smsRecycling', ['page', 'get', 'create', 'delete', 'export']),
          'smsRecycling.handle': '处理',
        },
      },
      {
        name: 'SMSLog',
        title: '短信记录',
        path: '/SMS/SMSLog',
        actions: {
          ...crudActions('smsLog', ['page', 'get', 'export']),
          'smsLog.reveal': '查看短信原文',
          'smsLog.resend': '重新发送',
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
        actions: {
          ...crudActions('storeApplication', ['page', 'get', 'export']),
          'store.approve': '通过申请',
          'store.reject': '驳回申请',
        },
      },
      {
        name: 'agentExamine',
        title: '服务商审核',
        path: '/storeApplication/agentExamine',
        actions: { ...crudActions('agentApplication', ['page', 'get', 'export']), 'agent.examine': '审核入驻申请' },
      },
      {
        name: 'recycleStore',
        title: '门店回收站',
        path: '/storeApplication/recycleStore',
        actions: {
          ...crudActions('recycleStore', ['page', 'get', 'export']),
          'store.restore': '恢复门店',
          'store.purge': '彻底删除',
        },
      },
    ],
  },
];
