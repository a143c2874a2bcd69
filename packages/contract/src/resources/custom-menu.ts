import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime, labelledEnum } from '../common.js';

// WeChat's display limits: at most 3 top-level buttons of 4 Chinese characters and 5 sub buttons
// of 8 each (a letter counts half); a button with sub buttons carries no action of its own.
function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s) width += (ch.codePointAt(0) ?? 0) < 0x80 ? 1 : 2;
  return width;
}
const buttonName = (maxChinese: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, '请填写菜单名称')
    .refine(
      (s) => displayWidth(s) <= maxChinese * 2,
      `${label}名称最多 ${maxChinese} 个汉字或 ${maxChinese * 2} 个字母`,
    );

const action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('click'), key: z.string().trim().min(1, '请填写事件 KEY').max(128) }),
  z.object({ type: z.literal('view'), url: z.url({ protocol: /^https?$/, error: '请输入 http(s) 链接' }).max(1000) }),
  z.object({
    type: z.literal('miniprogram'),
    appid: z.string().regex(/^wx[0-9a-f]{16}$/, '小程序 AppID 格式不正确'),
    pagepath: z.string().trim().min(1, '请填写小程序页面路径').max(200),
    url: z.url({ protocol: /^https?$/, error: '请输入备用网页链接' }).max(1000),
  }),
]);

export const subButton = z.intersection(z.object({ name: buttonName(8, '子菜单') }), action);
export const topButton = z.union([
  z.object({
    name: buttonName(4, '一级菜单'),
    subButtons: z.array(subButton).min(1).max(5, '每个一级菜单最多 5 个子菜单'),
  }),
  z.intersection(z.object({ name: buttonName(4, '一级菜单') }), action),
]);
export const customMenuButtons = z.array(topButton).max(3, '一级菜单最多 3 个');
export type CustomMenuButtons = z.infer<typeof customMenuButtons>;

export const menuPublishStatus = labelledEnum({ 0: '未发布', 1: '发布中', 2: '已发布', 3: '发布失败' });

export const customMenu = z.object({
  officialAccountId: id,
  buttons: customMenuButtons,
  publishStatus: menuPublishStatus,
  publishedAt: isoTime.nullable(),
  publishError: z.string(),
  /** 0 before the first save. */
  version: z.number().int(),
  updatedAt: isoTime.nullable(),
});
export type CustomMenu = z.infer<typeof customMenu>;

const base = { audience: 'platform', module: '公众号菜单' } as const;

export const customMenuEndpoints = {
  get: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/customMenu/get',
    access: { permission: 'customMenu.get' },
    summary: '查看公众号菜单',
    write: false,
    query: z.object({ officialAccountId: id }),
    response: customMenu,
  }),
  save: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/customMenu/save',
    access: { permission: 'customMenu.update' },
    summary: '保存公众号菜单',
    write: true,
    body: z.object({ officialAccountId: id, buttons: customMenuButtons, version: z.number().int().min(0) }),
    response: customMenu,
  }),
  /** Sends the saved menu to WeChat; the result arrives asynchronously (publishStatus 2 or 3). */
  publish: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/customMenu/publish',
    access: { permission: 'customMenu.publish' },
    summary: '发布公众号菜单',
    write: true,
    body: z.object({ officialAccountId: id }),
    response: customMenu,
  }),
};
