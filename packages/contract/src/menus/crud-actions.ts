const crudTitles = {
  page: '查看列表',
  get: '查看详情',
  create: '新增',
  update: '编辑',
  delete: '删除',
  export: '导出',
} as const;

export type CrudAction = keyof typeof crudTitles;

/** The permission codes of a resource's standard actions, e.g. `saasAdmin.create` → 新增. */
export function crudActions(
  resource: string,
  actions: readonly CrudAction[] = ['page', 'get', 'create', 'update', 'delete', 'export'],
) {
  return Object.fromEntries(actions.map((a) => [`${resource}.${a}`, crudTitles[a]]));
}

/** IC 手环控制, the same on the platform's and a provider's menu: integrations, commands and their log. */
export const lockActions = {
  ...crudActions('lockIntegration', ['page', 'get', 'create', 'update', 'delete']),
  'lockIntegration.command': '下发配置、开柜、清除手环',
  ...crudActions('lockCommand', ['page', 'get']),
};
