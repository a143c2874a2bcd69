import { voiceCodeResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource } from '../components/resource/reference-sources';

/** 语音码 (/userMgt/dispatchVoice): the platform's codes; the page adds the cards, batch, allocation and void. */
export const voiceCodeWeb = defineWebResource(voiceCodeResource, {
  fields: {
    code: { label: '语音码', width: 170 },
    batchNo: { label: '批次号', width: 170 },
    status: { label: '状态', width: 90, tagColors: { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' } },
    price: { label: '单价', width: 100 },
    agentId: { label: '服务商', reference: providerSource },
    agentName: { label: '服务商', width: 160 },
    deviceNo: { label: '绑定设备', width: 140 },
    allocatedAt: { label: '分配时间', width: 170 },
    usedAt: { label: '使用时间', width: 170 },
    remark: { label: '备注', width: 160 },
    createdAt: { label: '生成时间', width: 170 },
  },
  columns: ['code', 'batchNo', 'status', 'price', 'agentName', 'deviceNo', 'allocatedAt', 'usedAt', 'createdAt'],
  detail: [
    'code',
    'batchNo',
    'status',
    'price',
    'agentName',
    'deviceNo',
    'allocatedAt',
    'usedAt',
    'remark',
    'createdAt',
  ],
  search: ['keyword', 'batchNo', 'agentId', 'status', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '语音码或批次号' },
    batchNo: { label: '批次号', placeholder: '完整批次号，导出即为该批次' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    createdAt: { label: '生成时间' },
  },
  rowTitle: (row) => row.code,
});
