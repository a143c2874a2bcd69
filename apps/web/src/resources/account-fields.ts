import type { FieldOverride } from '../components/resource/define-web-resource';

// How an operator account reads on 账号管理 (platform administrators) and 实施人员 (a provider's
// own operators): the same fields, detail and title; each resource file adds its columns,
// search and endpoints.

export const accountFields = {
  // 登录名 is the contract's (its schema's description).
  loginName: { width: 140 },
  name: { label: '姓名', width: 120 },
  phone: { label: '手机号', width: 130 },
  email: { label: '邮箱', width: 180 },
  open: { label: '状态', width: 80, tagColors: { 0: 'red', 1: 'green' } },
  changePsw: {
    label: '初始密码',
    width: 110,
    render: (value) => (value === 1 ? '待修改' : '已修改'),
  },
  lastLoginAt: { label: '最后登录', width: 170 },
  lastLoginIp: { label: '最后登录 IP', width: 140 },
  createdAt: { label: '创建时间', width: 170 },
} satisfies Record<string, FieldOverride<unknown>>;

export const accountDetail = [
  'loginName',
  'name',
  'phone',
  'email',
  'open',
  'changePsw',
  'lastLoginAt',
  'lastLoginIp',
  'createdAt',
  'updatedAt',
] as const;

/** 王会计（wang.kj）: drawers and confirmations name an account so. */
export const accountTitle = (row: { name: string; loginName: string }) => `${row.name}（${row.loginName}）`;
