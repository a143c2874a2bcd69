import { companyGroupResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 公司分组 (a tab of /userMgt/android): named sets of enterprises that app pushes target. */
export const companyGroupWeb = defineWebResource(companyGroupResource, {
  fields: {
    name: { label: '分组名称', width: 180 },
    remark: { label: '备注' },
    enterpriseCount: { label: '企业数', width: 90 },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: ['name', 'enterpriseCount', 'remark', 'createdAt'],
  filterLabels: { keyword: { label: '分组名称' } },
  rowTitle: (row) => row.name,
});
