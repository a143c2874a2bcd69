import { z } from 'zod';
import { id } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/** Where a kind's records come from: a registered resource's list, its keyword filters, its shown fields. */
export interface SearchSource {
  /** The resource whose list is searched (its page permission, audience and scope apply). */
  resource: string;
  /** Its `contains` filters the keyword is put in; more than one are searched one by one, merged. */
  filters: readonly string[];
  /** The field a result is titled by, and the fields shown after it. */
  title: string;
  detail: readonly string[];
}

const src = (resource: string, title: string, detail: string[], filters = ['keyword']): SearchSource => ({
  resource,
  filters,
  title,
  detail,
});

/**
 * What Ctrl+K finds, by kind. A kind has a platform list and, where the provider console has its
 * own screen of the same records, that one too: each caller searches whichever it may read.
 */
export const searchKinds = {
  store: { label: '门店', sources: [src('store', 'name', ['storeNo', 'contactPhone', 'agentName'])] },
  enterprise: { label: '企业', sources: [src('enterprise', 'name', ['contactName', 'contactPhone'])] },
  agent: { label: '服务商', sources: [src('agent', 'name', ['agentNo', 'contactPhone'])] },
  storeOwner: { label: '店主', sources: [src('homeUser', 'name', ['phone', 'storeName'])] },
  storeStaff: { label: '门店员工', sources: [src('staffApplet', 'nickname', ['phone', 'storeName'])] },
  gateway: {
    label: '网关设备',
    sources: [
      src('gatewayDevice', 'deviceName', ['storeName', 'ip']),
      src('agentGateway', 'deviceName', ['storeName', 'ip']),
    ],
  },
  android: {
    label: '安卓设备',
    sources: [
      src('android', 'name', ['deviceNo', 'storeName']),
      src('agentAndroid', 'name', ['deviceNo', 'storeName']),
    ],
  },
  hardwareOrder: { label: '硬件订单', sources: [src('hardwareOrder', 'orderNo', ['receiver', 'phone', 'agentName'])] },
  payment: {
    label: '缴费记录',
    sources: [
      src('saasPayment', 'paymentNo', ['storeName', 'agentName']),
      src('saasRecord', 'recordNo', ['agentName', 'storeName']),
    ],
  },
  account: {
    label: '账号',
    sources: [
      src('saasAdmin', 'name', ['loginName', 'phone'], ['loginName', 'name', 'phone']),
      src('agentStaff', 'name', ['loginName', 'phone']),
    ],
  },
} as const satisfies Record<string, { label: string; sources: readonly SearchSource[] }>;

export type SearchKind = keyof typeof searchKinds;
export const searchKind = z.enum(Object.keys(searchKinds) as [SearchKind, ...SearchKind[]]);

/** Results shown per searched list; one more is read to tell whether there are more. */
export const SEARCH_PER_KIND = 5;

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, '请输入搜索内容')
    .max(50, '搜索内容最多 50 个字')
    .describe('关键字：名称、编号、电话、设备号等'),
  kinds: z
    .string()
    .max(300)
    .transform((s, ctx) => {
      if (!s) return undefined;
      const parts = s.split(',').filter(Boolean);
      const bad = parts.find((p) => !searchKind.safeParse(p).success);
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `未知的搜索类别：${bad}` });
        return z.NEVER;
      }
      return parts as SearchKind[];
    })
    .optional()
    .describe('只搜这些类别，逗号分隔（默认全部）'),
});

export const searchHit = z.object({
  id,
  title: z.string().describe('记录的名称或编号'),
  detail: z.string().describe('补充信息，如编号、电话'),
});
export type SearchHit = z.infer<typeof searchHit>;

/** One searched list's first matches: 查看全部 opens `resource`'s list with the keyword. */
export const searchGroup = z.object({
  kind: searchKind,
  resource: z.string().describe('记录所在列表的资源名称'),
  title: z.string().describe('列表名称，如 门店'),
  /** The keyword filter 查看全部 sets on the list (the first searched). */
  filter: z.string(),
  hits: z.array(searchHit),
  more: z.boolean().describe('是否还有更多匹配'),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/search',
    // Each kind is searched only with its list's read permission, checked by the route (modules/search).
    access: 'session',
    audience: 'any',
    module: '全局搜索',
    write: false,
    summary: '全局搜索：按关键字查找有权查看的各类记录（每类最多 5 条）',
    query: searchQuery,
    response: z.object({ groups: z.array(searchGroup) }),
  }),
};
