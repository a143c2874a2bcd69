import { loginLogResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 登录日志: every console sign-in attempt, read-only (the 登录日志 tab of /operationLog/operationLog). */
export const loginLogWeb = defineWebResource(loginLogResource, {
  fields: {
    at: { label: '登录时间', width: 180 },
    loginName: { label: '登录名', width: 160 },
    adminId: { label: '账号编号' },
    ip: { label: 'IP 地址', width: 140 },
    client: { label: '浏览器 · 系统', width: 180 },
    userAgent: { label: '完整 UA' },
    result: { label: '结果', width: 80, tagColors: { 0: 'red' } },
    // The server writes a reason for every attempt (登录成功 too), so it is not only a failure's.
    reason: { label: '说明', width: 160 },
  },
  columns: ['at', 'loginName', 'result', 'reason', 'ip', 'client'],
  search: ['loginName', 'result', 'ip', 'at'],
  filterLabels: {
    loginName: { label: '登录名', placeholder: '登录名开头' },
    ip: { label: 'IP 地址', placeholder: '完整 IP 地址' },
    at: { label: '登录时间' },
  },
  detail: ['at', 'loginName', 'adminId', 'result', 'reason', 'ip', 'client', 'userAgent'],
  rowTitle: (row) => row.loginName,
});
