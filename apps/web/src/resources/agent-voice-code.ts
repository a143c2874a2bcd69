import { agentVoiceCodeResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 语音码 (a tab of the provider's 安卓设备): the codes allocated to the provider and where each is used. */
export const agentVoiceCodeWeb = defineWebResource(agentVoiceCodeResource, {
  fields: {
    code: { label: '语音码', width: 160 },
    batchNo: { label: '批次号', width: 160 },
    status: { label: '状态', width: 90, tagColors: { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' } },
    price: { label: '单价', width: 90 },
    deviceNo: { label: '绑定设备', width: 150 },
    allocatedAt: { label: '分配时间', width: 170 },
    usedAt: { label: '使用时间', width: 170 },
    remark: { label: '备注' },
  },
  columns: ['code', 'batchNo', 'status', 'price', 'deviceNo', 'allocatedAt', 'usedAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '语音码或批次号' },
    batchNo: { label: '批次号' },
    createdAt: { label: '生成时间' },
  },
  rowTitle: (row) => row.code,
});
