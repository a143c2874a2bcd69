import { appVersionResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 应用版本 (a tab of /userMgt/android): releases with their uploaded package. */
export const appVersionWeb = defineWebResource(appVersionResource, {
  fields: {
    app: { label: '应用', width: 130, createOnly: true },
    versionName: { label: '版本号', width: 100, createOnly: true, placeholder: '如 2.4.0' },
    versionCode: {
      label: '版本序号',
      width: 100,
      createOnly: true,
      help: '终端按序号判断新旧，须大于该应用已发布的所有版本',
    },
    packageKey: { label: '安装包', kind: 'file', upload: { purpose: 'appPackage', keep: 'key' }, createOnly: true },
    downloadUrl: { label: '下载地址', kind: 'file' },
    md5: { label: 'MD5（服务器计算）', width: 280 },
    updateType: { label: '更新方式', width: 100, tagColors: { 1: 'red', 2: 'blue', 3: 'default' } },
    releaseNotes: { label: '更新说明' },
    publishedAt: { label: '发布时间', width: 170 },
  },
  columns: ['app', 'versionName', 'versionCode', 'updateType', 'downloadUrl', 'md5', 'publishedAt'],
  detail: ['app', 'versionName', 'versionCode', 'updateType', 'downloadUrl', 'md5', 'releaseNotes', 'publishedAt'],
  form: ['app', 'versionName', 'versionCode', 'packageKey', 'updateType', 'releaseNotes'],
  filterLabels: { keyword: { label: '版本号', placeholder: '如 2.4' } },
  rowTitle: (row) => `${row.versionName}（序号 ${row.versionCode}）`,
});
