import { agreementVersionResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 隐私协议 (/systemConfig/privatezc): publishing and the preview are added by the page. */
export const agreementVersionWeb = defineWebResource(agreementVersionResource, {
  fields: {
    versionNo: { width: 80, render: (value) => `V${String(value)}` },
    title: { width: 200, placeholder: '如 隐私政策（2026 年版）' },
    content: { kind: 'richtext', width: 360, help: '保存时会清除脚本、事件属性等不安全内容' },
    status: { width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'default' } },
    publishedAt: { width: 170 },
    publisherName: { width: 100 },
    updatedAt: { label: '更新时间', width: 170 },
  },
  columns: ['versionNo', 'title', 'status', 'publishedAt', 'publisherName', 'updatedAt'],
  search: ['status'],
  form: ['title', 'content', 'remark'],
  detail: ['versionNo', 'title', 'status', 'publishedAt', 'publisherName', 'remark', 'createdAt', 'updatedAt'],
  deletable: (row) => row.status === 0,
  rowTitle: (row) => `V${row.versionNo} ${row.title}`,
});
