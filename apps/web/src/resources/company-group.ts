import { companyGroupResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 公司分组 (a tab of /userMgt/android): named sets of enterprises that app pushes target. */
export const companyGroupWeb = defineWebResource(companyGroupResource, {
  fields: {
    name: { width: 180 },
    enterpriseCount: { width: 90 },
    createdAt: { width: 170 },
  },
  columns: ['name', 'enterpriseCount', 'remark', 'createdAt'],
  filterLabels: { keyword: { label: '分组名称' } },
  rowTitle: (row) => row.name,
});
