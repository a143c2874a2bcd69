import { signInLockResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 登录锁定 tab of /operationLog/operationLog: (account, source) pairs locked now; the page adds 解除锁定. */
export const signInLockWeb = defineWebResource(signInLockResource, {
  fields: {
    loginName: { label: '登录名', width: 160 },
    sourceKind: { label: '锁定来源', width: 150 },
    ip: { label: '最近失败 IP', width: 150 },
    failures: { label: '连续失败次数', width: 120 },
    lastFailureAt: { label: '最近失败时间', width: 180 },
    lockedUntil: { label: '锁定至', width: 180 },
  },
  columns: ['loginName', 'sourceKind', 'ip', 'failures', 'lastFailureAt', 'lockedUntil'],
  search: ['loginName'],
  filterLabels: { loginName: { label: '登录名', placeholder: '登录名开头' } },
  detail: ['loginName', 'sourceKind', 'ip', 'failures', 'lastFailureAt', 'lockedUntil'],
  rowTitle: (row) => row.loginName,
});
