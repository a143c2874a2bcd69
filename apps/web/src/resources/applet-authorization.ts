import { agentResource, appletAuthorizationResource, enterpriseResource, storeResource } from '@console/contract';
import { type WebResourceOptions, defineWebResource } from '../components/resource/define-web-resource';
import { referenceTo } from '../components/resource/reference-select';

/**
 * 商户小程序: the platform's (/userMgt/authManage, every provider) and a provider's
 * (/busApplet/busAppletMgt, its own merchants; the server scopes it). One definition: the
 * provider's leaves out the provider column, filter and field. Authorise, renew and revoke are
 * added by the page.
 */
const appletAuthOptions = {
  fields: {
    agentId: { label: '服务商', reference: referenceTo(agentResource, { label: 'name', search: 'keyword' }) },
    agentName: { width: 160 },
    enterpriseId: {
      label: '企业',
      reference: referenceTo(enterpriseResource, { label: 'name', search: 'keyword' }),
    },
    enterpriseName: { width: 180 },
    storeId: {
      label: '门店',
      help: '留空表示企业下全部门店',
      reference: referenceTo(storeResource, { label: 'name', search: 'keyword' }),
    },
    storeName: { width: 150, render: (value) => (typeof value === 'string' && value ? value : '全部门店') },
    appId: { width: 190, placeholder: '如 wx1a2b3c4d5e6f7a8b' },
    appletName: { width: 160 },
    principalName: { width: 200, placeholder: '与微信认证主体一致' },
    authStatus: { width: 110, tagColors: { 0: 'default', 1: 'green', 2: 'red' } },
    authorizedAt: { width: 170 },
    expireAt: { width: 130, kind: 'expiry' },
    releaseStatus: { width: 100, tagColors: { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' } },
    codeVersion: { width: 100, placeholder: '如 1.3.0，未上传代码留空' },
    lastError: { label: '上次失败原因', width: 220 },
    createdAt: { width: 170 },
  },
  columns: [
    'appletName',
    'appId',
    'agentName',
    'enterpriseName',
    'storeName',
    'authStatus',
    'authorizedAt',
    'expireAt',
    'releaseStatus',
    'lastError',
    'createdAt',
  ],
  search: [
    'keyword',
    'agentId',
    'enterpriseId',
    'storeId',
    'authStatus',
    'expiry',
    'releaseStatus',
    'authorizedAt',
    'expireAt',
  ],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '小程序名称、AppID 或主体' },
    expiry: { label: '到期情况' },
    authorizedAt: { label: '授权时间' },
    expireAt: { label: '到期时间' },
  },
  form: ['agentId', 'enterpriseId', 'storeId', 'appId', 'appletName', 'principalName', 'codeVersion', 'remark'],
  detail: [
    'appletName',
    'appId',
    'principalName',
    'agentName',
    'enterpriseName',
    'storeName',
    'authStatus',
    'authorizedAt',
    'expireAt',
    'lastError',
    'releaseStatus',
    'codeVersion',
    'releasedAt',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  // The server refuses to delete an authorised one: revoke first.
  deletable: (row) => row.authStatus !== 1,
  rowTitle: (row) => row.appletName,
} satisfies WebResourceOptions<typeof appletAuthorizationResource>;

const providerFields = new Set(['agentId', 'agentName']);
const withoutProvider = <T extends string>(names: readonly T[]) => names.filter((n) => !providerFields.has(n));

export const appletAuthWeb = defineWebResource(appletAuthorizationResource, appletAuthOptions);
export const providerAppletAuthWeb = defineWebResource(appletAuthorizationResource, {
  ...appletAuthOptions,
  columns: withoutProvider(appletAuthOptions.columns),
  search: withoutProvider(appletAuthOptions.search),
  form: withoutProvider(appletAuthOptions.form),
  detail: withoutProvider(appletAuthOptions.detail),
});
