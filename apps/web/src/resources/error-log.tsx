import { errorLogResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

const pre = (value: unknown) => (
  <pre
    style={{
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
      margin: 0,
      fontSize: 12,
      maxHeight: 360,
      overflow: 'auto',
    }}
  >
    {typeof value === 'string' && value ? value : '—'}
  </pre>
);

/** 错误日志 (/dataMonitoring/errorLog): one row per distinct error; 标记已处理 is added by the page. */
export const errorLogWeb = defineWebResource(errorLogResource, {
  fields: {
    lastSeenAt: { width: 170 },
    source: { label: '来源', width: 90, tagColors: { 1: 'blue', 2: 'purple' } },
    level: { label: '级别', width: 80, tagColors: { 1: 'gold', 2: 'orange', 3: 'red' } },
    message: { label: '错误信息', width: 320 },
    count: { width: 80 },
    firstSeenAt: { width: 170 },
    adminName: { label: '最近操作人', width: 120 },
    url: { label: '最近页面', width: 240 },
    handled: { label: '处理状态', width: 90, tagColors: { 0: 'red', 1: 'green' } },
    stack: { label: '堆栈', render: pre },
    userAgent: { label: '浏览器' },
    ip: { label: 'IP' },
    appVersion: { label: '版本' },
    requestId: { label: '请求编号' },
  },
  columns: ['lastSeenAt', 'level', 'source', 'message', 'count', 'firstSeenAt', 'adminName', 'url', 'handled'],
  search: ['keyword', 'source', 'level', 'handled', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '错误信息、页面或请求编号' },
    createdAt: { label: '首次出现' },
    source: { label: '来源' },
    level: { label: '级别' },
    handled: { label: '处理状态' },
  },
  detail: [
    'message',
    'source',
    'level',
    'handled',
    'count',
    'firstSeenAt',
    'lastSeenAt',
    'adminName',
    'url',
    'ip',
    'userAgent',
    'appVersion',
    'requestId',
    'stack',
  ],
  rowTitle: (row) => `错误「${row.message.slice(0, 30)}」`,
});
