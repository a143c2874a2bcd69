import { parameterResource } from '@console/contract';
import { defineMountedWebResource } from '../components/resource/screen-mount';

/**
 * 参数设置 (/agentParameterMgt/agentParameter): a provider's own values of the provider-level
 * parameters; mounted again as 直营's 参数管理 (/saasDirectStore/agentParameter) for the reserved provider.
 */
export const parameterWebs = defineMountedWebResource(parameterResource, () => ({
  fields: {
    paramKey: {
      label: '参数键',
      width: 200,
      help: '平台在 参数管理 中声明为“服务商可设置”的参数键；名称与类型以平台声明为准',
    },
    name: { label: '参数名称', width: 160 },
    paramValue: { label: '参数值', width: 260 },
    valueType: { label: '类型', width: 80 },
    remark: { label: '备注' },
    createdAt: { label: '创建时间', width: 170 },
    updatedAt: { label: '更新时间', width: 170 },
  },
  columns: ['paramKey', 'name', 'valueType', 'paramValue', 'updatedAt'],
  search: ['keyword', 'valueType'],
  filterLabels: { keyword: { label: '关键词', placeholder: '参数键或名称' }, valueType: { label: '类型' } },
  detail: ['paramKey', 'name', 'valueType', 'paramValue', 'remark', 'createdAt', 'updatedAt'],
  rowTitle: (row) => row.name,
}));
