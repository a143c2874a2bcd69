import { smsChannelResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 短信通道 (/SMS/SMSChannel): the test send is added by the page. */
export const smsChannelWeb = defineWebResource(smsChannelResource, {
  fields: {
    name: { label: '通道名称', width: 160, placeholder: '如 阿里云主通道' },
    vendor: { label: '短信厂商', width: 120, tagColors: { 1: 'orange', 2: 'blue', 3: 'red' } },
    signName: { label: '短信签名', width: 120, placeholder: '不带【】，如 门店云' },
    accessKeyId: { width: 200, placeholder: '服务商控制台的 AccessKey ID' },
    secretMasked: { width: 190 },
    accessKeySecret: {
      label: 'AccessKey Secret',
      writeOnly: true,
      placeholder: '保存后不再显示',
      help: '只写不读：保存后列表只显示末 4 位；编辑时留空则保留原值',
    },
    unitPrice: { width: 90 },
    priority: { width: 90, help: '数值越大越先使用；发送失败时自动切换到下一个启用的通道', defaultValue: 50 },
    status: { width: 90 },
    sentCount: {
      width: 100,
      render: (value) => (typeof value === 'number' ? value.toLocaleString('zh-CN') : '-'),
    },
    remark: { width: 200 },
  },
  columns: [
    'name',
    'vendor',
    'signName',
    'accessKeyId',
    'secretMasked',
    'priority',
    'status',
    'sentCount',
    'unitPrice',
  ],
  search: ['keyword', 'vendor', 'status'],
  filterLabels: { keyword: { label: '关键词', placeholder: '通道名称或签名' } },
  form: ['name', 'vendor', 'signName', 'accessKeyId', 'accessKeySecret', 'unitPrice', 'priority', 'status', 'remark'],
  detail: [
    'name',
    'vendor',
    'signName',
    'accessKeyId',
    'secretMasked',
    'unitPrice',
    'priority',
    'status',
    'sentCount',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => row.name,
});
