import { smsLogResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 短信记录 (/SMS/SMSLog): what the platform texted; the original text and a resend are added by the page. */
export const smsLogWeb = defineWebResource(smsLogResource, {
  fields: {
    createdAt: { label: '提交时间', width: 170 },
    phone: { width: 130 },
    purpose: { width: 100 },
    content: { width: 360 },
    status: { width: 100, tagColors: { 0: 'blue', 1: 'green', 2: 'red' } },
    channelName: { width: 140 },
    agentName: { width: 160 },
    gatewayMessage: { width: 200 },
    attempts: { width: 90 },
    sentAt: { width: 170 },
  },
  columns: ['createdAt', 'phone', 'purpose', 'content', 'status', 'channelName', 'gatewayMessage'],
  search: ['keyword', 'purpose', 'status', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '手机号或短信内容' },
    createdAt: { label: '提交时间' },
  },
  detail: [
    'phone',
    'purpose',
    'content',
    'status',
    'channelName',
    'agentName',
    'gatewayMessage',
    'messageId',
    'attempts',
    'createdAt',
    'sentAt',
  ],
  rowTitle: (row) => `${row.phone} 的短信`,
});
