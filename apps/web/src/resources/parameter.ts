import { parameterResource } from '@console/contract';
import { defineMountedWebResource } from '../components/resource/screen-mount';

/**
 * 参数设置 (/agentParameterMgt/agentParameter): a provider's own values of the provider-level
 * parameters; mounted again as 直营's 参数管理 (/saasDirectStore/agentParameter) for the reserved provider.
 */
export const parameterWebs = defineMountedWebResource(parameterResource, () => ({
  fields: {
    paramKey: { width: 200, help: '平台在 参数管理 中声明为“服务商可设置”的参数键；名称与类型以平台声明为准' },
    name: { width: 160 },
    paramValue: { width: 260 },
    valueType: { width: 80 },
    updatedAt: { label: '更新时间', width: 170 },
  },
  columns: ['paramKey', 'name', 'valueType', 'paramValue', 'updatedAt'],
  search: ['keyword', 'valueType'],
  filterLabels: { keyword: { label: '关键词', placeholder: '参数键或名称' } },
  detail: ['paramKey', 'name', 'valueType', 'paramValue', 'remark', 'createdAt', 'updatedAt'],
  rowTitle: (row) => row.name,
}));
