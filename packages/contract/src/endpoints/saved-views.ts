import { z } from 'zod';
import { id, ok } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { recordId } from '../resource.js';
import { columnWidths } from './user-prefs.js';

/** A list's name: the resource the list screen shows (`store`, `homeUser`), as its permissions name it. */
export const savedViewListKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, '列表名称格式不正确');

const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, '字段名称格式不正确');
const scalar = z.union([z.string().max(200), z.number().finite(), z.boolean()]);
/** One filter's value in wire form: a text, number or flag, a `{from?, to?}` range, or a short list. */
const filterValue = z.union([
  scalar,
  z.object({ from: z.string().max(40).optional(), to: z.string().max(40).optional() }).strict(),
  z.array(z.union([z.string().max(200), z.number().finite()])).max(50),
]);

/** Whole state as JSON text at most this long: a view is a handful of settings, never a data store. */
export const SAVED_VIEW_STATE_MAX_CHARS = 8000;

/**
 * What a view keeps of a list: its filters (as the list's page request takes them), sort, page
 * size and columns (order, width, hidden). Column settings here are a snapshot; the operator's
 * current columns stay in userPref (`table.<list>`), which applying a view overwrites.
 */
export const savedViewState = z
  .object({
    filters: z.record(fieldName, filterValue).refine((f) => Object.keys(f).length <= 40, '筛选条件过多'),
    sort: z.object({ field: fieldName, order: z.enum(['ascend', 'descend']) }).optional(),
    size: z.number().int().min(1).max(500),
    columns: z
      .object({
        order: z.array(fieldName).max(60),
        hidden: z.array(fieldName).max(60),
        /** Column widths in px, for the columns the operator resized (the table prefs' own bounds). */
        widths: columnWidths,
      })
      .strict(),
  })
  .strict()
  .refine((state) => JSON.stringify(state).length <= SAVED_VIEW_STATE_MAX_CHARS, '视图内容过大');
export type SavedViewState = z.infer<typeof savedViewState>;

/** Who else sees a view: nobody; the platform operators holding a role; the staff of the owner's provider. */
export const savedViewShares = ['private', 'role', 'provider'] as const;
export const savedViewShare = z.enum(savedViewShares);
export type SavedViewShare = z.infer<typeof savedViewShare>;
export const savedViewShareLabels: Record<SavedViewShare, string> = {
  private: '仅自己',
  role: '共享给角色',
  provider: '共享给本服务商员工',
};

/** The most views one operator keeps for one list. */
export const SAVED_VIEW_MAX_PER_LIST = 50;

const viewName = z.string().trim().min(1, '请输入视图名称').max(30, '视图名称最多 30 个字');

/** A view as its viewer reads it. */
export const savedView = z.object({
  id,
  listKey: savedViewListKey,
  name: z.string(),
  /** Filter values the viewer may not see are left out of `state.filters` and named in `unavailable`. */
  state: savedViewState,
  /** Reference filters whose record lies outside the viewer's scope (or is gone): shown as 不可用. */
  unavailable: z.array(z.string()),
  share: savedViewShare,
  roleId: id.nullable(),
  /** The viewer owns the view: only then may they rename, share or delete it. */
  mine: z.boolean(),
  ownerName: z.string(),
  /** The viewer's default view for this list. */
  isDefault: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedView>;

const sharing = { share: savedViewShare, roleId: id.nullable().optional() };

const common = { audience: 'any', module: '个人视图' } as const;

/**
 * Saved list views (issue 30 part 3). Any signed-in operator keeps views of the lists they can
 * read: the server checks the list's page permission and scope itself (modules/saved-views).
 */
export const savedViewEndpoints = {
  list: defineEndpoint({
    ...common,
    access: 'session',
    write: false,
    method: 'GET',
    path: '/savedView/list',
    summary: '查询列表视图',
    query: z.object({ listKey: savedViewListKey }),
    response: z.object({ list: z.array(savedView) }),
  }),
  create: defineEndpoint({
    ...common,
    access: 'session',
    write: true,
    method: 'POST',
    path: '/savedView/create',
    summary: '保存列表视图',
    body: z.object({ listKey: savedViewListKey, name: viewName, state: savedViewState, ...sharing }),
    response: z.object({ id }),
  }),
  update: defineEndpoint({
    ...common,
    access: 'session',
    write: true,
    method: 'POST',
    path: '/savedView/update',
    summary: '修改列表视图',
    body: z.object({
      id: recordId,
      version: z.number().int(),
      name: viewName.optional(),
      state: savedViewState.optional(),
      share: savedViewShare.optional(),
      roleId: id.nullable().optional(),
    }),
    response: ok,
  }),
  delete: defineEndpoint({
    ...common,
    access: 'session',
    write: true,
    method: ['GET', 'POST'],
    path: '/savedView/delete',
    summary: '删除列表视图',
    query: z.object({ id: recordId }),
    response: ok,
  }),
  /** Sets (or with `id: null` clears) the caller's default view of a list. */
  setDefault: defineEndpoint({
    ...common,
    access: 'session',
    write: true,
    method: 'POST',
    path: '/savedView/setDefault',
    summary: '设置默认视图',
    body: z.object({ listKey: savedViewListKey, id: recordId.nullable() }),
    response: ok,
  }),
};
