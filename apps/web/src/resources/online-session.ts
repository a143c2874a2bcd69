import { sessionResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 在线会话 tab of 账号管理: live console sessions; the page adds 强制下线. */
export const onlineSessionWeb = defineWebResource(sessionResource, {
  fields: {
    loginName: { label: '登录名', width: 140 },
    name: { label: '姓名', width: 120 },
    adminType: { label: '账号类型', width: 120 },
    ip: { label: '登录 IP', width: 140 },
    client: { label: '浏览器 · 系统', width: 180 },
    userAgent: { label: '完整 UA' },
    createdAt: { label: '登录时间', width: 170 },
    lastSeenAt: { label: '最近活动', width: 170 },
    expiresAt: { label: '最晚到期', width: 170 },
  },
  columns: ['loginName', 'name', 'adminType', 'ip', 'client', 'createdAt', 'lastSeenAt'],
  search: ['loginName'],
  detail: ['loginName', 'name', 'adminType', 'ip', 'client', 'userAgent', 'createdAt', 'lastSeenAt', 'expiresAt'],
  rowTitle: (row) => `${row.name}（${row.loginName}）`,
});
