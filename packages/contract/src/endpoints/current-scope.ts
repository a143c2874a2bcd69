import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The rows the server lets this operator see, in the operator's words: the platform sees every
 * provider; a provider's operators see their provider's stores (staff within their grant).
 */
export const currentScope = z.object({
  agentId: z.string().nullable().describe('服务商编号，平台人员为空'),
  agentName: z.string().nullable().describe('服务商名称，平台人员为空'),
  storeCount: z.number().int().nullable().describe('范围内的门店数（不含回收站），平台人员为空'),
  storeCountCapped: z.boolean().describe('门店数超过 10,000 时只计到 10,000+'),
  staff: z.boolean().describe('是否为服务商员工'),
  grantCount: z.number().int().nullable().describe('员工被授予的菜单与操作数，其他账号为空'),
});
export type CurrentScope = z.infer<typeof currentScope>;

export const scopeEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/scope/current',
    access: 'session',
    audience: 'any',
    module: '个人中心',
    write: false,
    summary: '查询当前账号的数据范围（服务商与门店数）',
    response: currentScope,
  }),
};
