import { ipRestrictionResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** IP 限制: allow/deny rules for console sign-in (/userMgt/IPRestrictions); labels come from the contract. */
export const ipRestrictionWeb = defineWebResource(ipRestrictionResource, {
  fields: {
    // A new rule starts as 禁止: an enabled 允许 rule shuts out every other address, so it must be chosen.
    ruleType: { width: 100, tagColors: { 1: 'green', 2: 'red' }, defaultValue: 2 },
    address: {
      width: 220,
      placeholder: '如 192.168.1.10、10.0.0.0/8、2001:db8::/32',
      help: '单个地址或 CIDR 网段，支持 IPv4 与 IPv6',
    },
    appliesTo: { width: 120 },
    status: { width: 90 },
    remark: { placeholder: '说明这条规则的用途' },
    createdAt: { width: 180 },
  },
  columns: ['address', 'ruleType', 'appliesTo', 'status', 'remark', 'createdAt'],
  filterLabels: { keyword: { label: '关键词', placeholder: 'IP 地址或备注' } },
  form: ['ruleType', 'address', 'appliesTo', 'status', 'remark'],
  rowTitle: (row) => row.address,
});
