import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime, labelledEnum } from '../common.js';
import { MENU_LIMITS, nameLimit, utf8Bytes } from './custom-menu-rules.js';

export * from './custom-menu-rules.js';

/** WeChat's `type` of a button's action; the console offers these three. */
export const menuActionTypes = ['click', 'view', 'miniprogram'] as const;
export type MenuActionType = (typeof menuActionTypes)[number];
export const menuActionLabels: Record<MenuActionType, string> = {
  click: '发送消息',
  view: '跳转网页',
  miniprogram: '打开小程序',
};

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `请填写${what}`)
    .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, `${what}须为 http(s) 链接`)
    .refine((s) => utf8Bytes(s) <= MENU_LIMITS.urlBytes, `${what}最多 ${MENU_LIMITS.urlBytes} 字节`);

const buttonName = (level: 'top' | 'sub') => {
  const limit = nameLimit(level);
  return z
    .string()
    .trim()
    .min(1, '请填写菜单名称')
    .refine((s) => utf8Bytes(s) <= limit.bytes, limit.message);
};

/** A button's action fields, all optional here; `checkAction` requires the ones its type needs. */
const actionFields = {
  type: z.enum(menuActionTypes, { error: '请选择菜单动作' }).optional(),
  key: z.string().trim().optional(),
  url: z.string().trim().optional(),
  appid: z.string().trim().optional(),
  pagepath: z.string().trim().optional(),
};
type ActionInput = { type?: MenuActionType; key?: string; url?: string; appid?: string; pagepath?: string };
type Action =
  | { type: 'click'; key: string }
  | { type: 'view'; url: string }
  | { type: 'miniprogram'; appid: string; pagepath: string; url: string };

/** The action a button's type needs, or null after reporting what is missing (on the field's path). */
function checkAction(b: ActionInput, ctx: z.RefinementCtx): Action | null {
  const issue = (path: string, message: string) => {
    ctx.addIssue({ code: 'custom', message, path: [path] });
    return null;
  };
  const urlOf = (what: string) => {
    const parsed = httpUrl(what).safeParse(b.url ?? '');
    return parsed.success ? parsed.data : issue('url', parsed.error.issues[0]?.message ?? `${what}格式不正确`);
  };
  switch (b.type) {
    case 'click': {
      const key = b.key ?? '';
      if (!key) return issue('key', '请填写事件 KEY');
      if (utf8Bytes(key) > MENU_LIMITS.keyBytes) return issue('key', `事件 KEY 最多 ${MENU_LIMITS.keyBytes} 字节`);
      return { type: 'click', key };
    }
    case 'view': {
      const url = urlOf('网页链接');
      return url === null ? null : { type: 'view', url };
    }
    case 'miniprogram': {
      const appid = b.appid ?? '';
      if (!/^wx[0-9a-f]{16}$/.test(appid)) return issue('appid', '小程序 AppID 为 wx 开头的 18 位字符');
      const pagepath = b.pagepath ?? '';
      if (!pagepath) return issue('pagepath', '请填写小程序页面路径');
      if (utf8Bytes(pagepath) > MENU_LIMITS.urlBytes) return issue('pagepath', '小程序页面路径过长');
      const url = urlOf('备用网页链接');
      return url === null ? null : { type: 'miniprogram', appid, pagepath, url };
    }
    default:
      return issue('type', '请选择菜单动作');
  }
}

/** A sub-button: a name and one action. */
export const subButton = z.object({ name: buttonName('sub'), ...actionFields }).transform((b, ctx) => {
  const action = checkAction(b, ctx);
  return action === null ? z.NEVER : { name: b.name, ...action };
});

/** A top-level button: either 1–5 sub-buttons (and no action of its own) or an action. */
export const topButton = z
  .object({
    name: buttonName('top'),
    ...actionFields,
    subButtons: z
      .array(subButton)
      .max(MENU_LIMITS.subButtons, `每个一级菜单最多 ${MENU_LIMITS.subButtons} 个子菜单`)
      .optional(),
  })
  .transform((b, ctx) => {
    const subs = b.subButtons;
    if (subs && subs.length > 0) return { name: b.name, subButtons: subs };
    const action = checkAction(b, ctx);
    return action === null ? z.NEVER : { name: b.name, ...action };
  });

/** The menu: at most 3 top-level buttons (an empty draft may be saved; publishing needs one). */
export const customMenuButtons = z
  .array(topButton)
  .max(MENU_LIMITS.topButtons, `一级菜单最多 ${MENU_LIMITS.topButtons} 个`);
export type CustomMenuButtons = z.infer<typeof customMenuButtons>;
/** The editor's form of a button tree (every action field optional, as typed). */
export type CustomMenuButtonsInput = z.input<typeof customMenuButtons>;

export const menuPublishStatus = labelledEnum({ 0: '未发布', 1: '发布中', 2: '已发布', 3: '发布失败' });

export const customMenu = z.object({
  officialAccountId: id,
  buttons: customMenuButtons,
  publishStatus: menuPublishStatus,
  publishedAt: isoTime.nullable(),
  /** WeChat's reason when the last publication failed; the draft is kept. */
  publishError: z.string(),
  /** The menu WeChat holds, as read by the last sync (null: never synced, or WeChat has none). */
  liveButtons: customMenuButtons.nullable(),
  liveSyncedAt: isoTime.nullable(),
  /** 0 before the first save. */
  version: z.number().int(),
  updatedAt: isoTime.nullable(),
});
export type CustomMenu = z.infer<typeof customMenu>;

const base = { audience: 'platform', module: '公众号菜单' } as const;

/** An official account as the menu editor's picker shows it. */
export const menuAccountOption = z.object({
  id,
  name: z.string(),
  appId: z.string(),
  /** 1 authorised (its menu can be published), 0 not. */
  status: z.number().int(),
});
export type MenuAccountOption = z.infer<typeof menuAccountOption>;

export const customMenuEndpoints = {
  /** The official accounts whose menu may be edited (a platform has a handful). */
  accounts: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/customMenu/accounts',
    access: { permission: 'customMenu.get' },
    summary: '公众号菜单可选公众号',
    write: false,
    response: z.array(menuAccountOption),
  }),
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
    summary: '保存公众号菜单草稿',
    write: true,
    body: z.object({ officialAccountId: id, buttons: customMenuButtons, version: z.number().int().min(0) }),
    response: customMenu,
  }),
  /**
   * Sends the saved menu at `version` (the one the operator sees) to WeChat; the result arrives
   * asynchronously: publishStatus 2, or 3 with WeChat's reason and the draft kept.
   */
  publish: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/customMenu/publish',
    access: { permission: 'customMenu.publish' },
    summary: '发布公众号菜单',
    write: true,
    body: z.object({ officialAccountId: id, version: z.number().int().min(1) }),
    response: customMenu,
  }),
};
