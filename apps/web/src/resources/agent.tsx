import { agentResource } from '@console/contract';
import { Space, Tag } from 'antd';
import { defineWebResource } from '../components/resource/define-web-resource';
import { ExpiryDate } from '../components/resource/expiry';

/** Status values (contract agentStatus) the 服务商管理 screen acts on. */
export const AGENT_ACTIVE = 1;
export const AGENT_FROZEN = 2;

const priceHelp = '留空则使用平台统一价格';

/** 服务商管理: the providers (/userMgt/agentMgt). Freeze and menu grants are added by the page. */
export const agentWeb = defineWebResource(agentResource, {
  fields: {
    agentNo: { label: '服务商编号', width: 150 },
    name: {
      label: '服务商名称',
      width: 200,
      // The reserved platform-owned provider of the 直营 screens is marked so nobody mistakes it for a customer.
      render: (value, row) =>
        row.direct === 1 ? (
          <Space size={4}>
            {String(value)}
            <Tag color="geekblue">直营</Tag>
          </Space>
        ) : (
          String(value)
        ),
    },
    kind: { label: '类型', width: 80 },
    level: { label: '级别', width: 120, tagColors: { 1: 'gold', 2: 'blue', 3: 'cyan' }, defaultValue: 3 },
    contactName: { label: '联系人', width: 100 },
    contactPhone: { label: '联系电话', width: 130 },
    region: { label: '所在地区', width: 160, placeholder: '如 浙江省/杭州市' },
    address: { label: '详细地址' },
    status: { label: '状态', width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' } },
    openedAt: { label: '开通时间', width: 170 },
    expireAt: {
      label: '到期时间',
      width: 170,
      help: '留空表示长期有效',
      // Edited as a time; shown as the day it runs out, coloured as every expiry date is.
      render: (value) => (typeof value === 'string' && value ? <ExpiryDate value={value} /> : '长期有效'),
    },
    webPrice: { label: '网页版价格', width: 120, help: priceHelp },
    staffAppletPrice: { label: '员工小程序价格', width: 130, help: priceHelp },
    remark: { label: '备注' },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: [
    'agentNo',
    'name',
    'status',
    'level',
    'kind',
    'contactName',
    'contactPhone',
    'region',
    'expireAt',
    'createdAt',
  ],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '名称、编号或联系电话' },
    createdAt: { label: '创建时间' },
  },
  search: ['keyword', 'status', 'level', 'kind', 'createdAt'],
  detail: [
    'agentNo',
    'name',
    'kind',
    'level',
    'status',
    'contactName',
    'contactPhone',
    'region',
    'address',
    'openedAt',
    'expireAt',
    'webPrice',
    'staffAppletPrice',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => row.name,
});
