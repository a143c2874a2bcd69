import { platformParamResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { ParamHistory } from '../features/system-config/param-history';

/** 参数管理 (/systemConfig/parameterMgt): typed platform parameters, grouped; history in the detail. */
export const platformParamWeb = defineWebResource(platformParamResource, {
  fields: {
    paramKey: { width: 200, placeholder: '如 locker.alarmMinutes' },
    name: { width: 160 },
    groupName: { width: 110, placeholder: '如 门店运营' },
    valueType: { width: 80 },
    paramValue: { kind: 'textarea', width: 260, help: '开关填 0 或 1；JSON 须符合下方 Schema' },
    jsonSchema: {
      kind: 'textarea',
      help: '仅 JSON 类型使用：支持 type、properties、required、items、enum、minimum、maximum、maxLength',
      placeholder: '{"type":"object","required":["minutes"],"properties":{"minutes":{"type":"integer","minimum":1}}}',
    },
    providerLevel: { width: 120, tagColors: { 0: 'default', 1: 'blue' } },
    updatedAt: { label: '更新时间', width: 170 },
  },
  columns: ['groupName', 'paramKey', 'name', 'valueType', 'paramValue', 'providerLevel', 'updatedAt'],
  search: ['keyword', 'groupName', 'valueType', 'providerLevel'],
  filterLabels: { keyword: { label: '关键词', placeholder: '参数键或名称' }, groupName: { label: '分组' } },
  detail: [
    'paramKey',
    'name',
    'groupName',
    'valueType',
    'paramValue',
    'jsonSchema',
    'providerLevel',
    'remark',
    'updatedAt',
  ],
  detailExtra: ParamHistory,
  rowTitle: (row) => row.name,
});
