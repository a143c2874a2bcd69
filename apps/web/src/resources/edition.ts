import { editionResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 版本管理 (/systemConfig/editionMgt): editions sold to stores; their prices are in 系统价格 / 员工小程序价格. */
export const editionWeb = defineWebResource(editionResource, {
  fields: {
    name: { label: '版本名称', width: 120, placeholder: '如 标准版' },
    code: { label: '版本编码', width: 120, placeholder: '如 standard' },
    webPrice: { label: '参考年价（网页版）', width: 150, help: '仅作展示；实际收费以 系统价格 中的价格表为准' },
    staffAppletPrice: { label: '参考年价（员工小程序）', width: 170, help: '仅作展示；实际收费以 员工小程序价格 为准' },
    maxRooms: {
      label: '房间/手牌上限',
      width: 130,
      help: '0 表示不限',
      render: (value) => (value === 0 ? '不限' : String(value)),
    },
    features: { label: '包含功能', width: 320, placeholder: '输入功能名称后回车，如 前台收银' },
    sort: { label: '排序', width: 80, help: '数值越小越靠前', defaultValue: 10 },
    status: { label: '销售状态', width: 100 },
    remark: { width: 200 },
  },
  columns: ['sort', 'name', 'code', 'features', 'maxRooms', 'status', 'webPrice', 'staffAppletPrice'],
  search: ['keyword', 'status'],
  filterLabels: { keyword: { label: '关键词', placeholder: '版本名称或编码' } },
  form: ['name', 'code', 'features', 'maxRooms', 'sort', 'status', 'webPrice', 'staffAppletPrice', 'remark'],
  detail: [
    'name',
    'code',
    'features',
    'maxRooms',
    'sort',
    'status',
    'webPrice',
    'staffAppletPrice',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => row.name,
});
