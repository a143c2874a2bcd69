import { z } from 'zod';
import { ok } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/** Table density, as antd names its sizes (宽松 / 默认 / 紧凑). */
export const tableDensity = z.enum(['large', 'middle', 'small']);
export type TableDensity = z.infer<typeof tableDensity>;

// Bounds keep one operator's settings small: no screen has more than a few dozen columns.
const columnName = z.string().min(1).max(40);
const columnList = z.array(columnName).max(60);

/** The narrowest and widest a dragged column may be, in px: a header stays readable, one column never swallows a screen. */
export const COLUMN_WIDTH_MIN = 40;
export const COLUMN_WIDTH_MAX = 800;
const MAX_WIDTH_ENTRIES = 60;

/**
 * Widths (px) of the columns the operator resized, by column name; the others keep their declared
 * width. Optional with `{}`: settings and views stored before widths existed still read.
 */
export const columnWidths = z
  .record(columnName, z.number().int().min(COLUMN_WIDTH_MIN).max(COLUMN_WIDTH_MAX))
  .refine((widths) => Object.keys(widths).length <= MAX_WIDTH_ENTRIES, '列宽设置过多')
  .default({});
export type ColumnWidths = z.infer<typeof columnWidths>;

/** A list screen's table as its operator left it: hidden columns, column order, widths and density. */
export const tablePrefs = z.object({
  hidden: columnList,
  /** Column names in the operator's order; columns not named keep their declared place after these. */
  order: columnList,
  widths: columnWidths,
  density: tableDensity,
});
export type TablePrefs = z.infer<typeof tablePrefs>;

/** `table.<resource name>`: one entry per list screen. */
export const userPrefKey = z.string().regex(/^table\.[A-Za-z][A-Za-z0-9_]{0,59}$/, '设置项名称格式不正确');

/** Most settings one account may keep; more than every list screen, few enough to stay small. */
export const USER_PREF_MAX_KEYS = 200;

const common = {
  access: 'session',
  audience: 'any',
  module: '个人设置',
  // View settings are not business changes: every column toggle in the operation log would drown
  // the real changes there. The row keeps its own updatedAt.
  write: false,
} as const;

/** The signed-in operator's own settings; the server keys them by the session's account, never by a request field. */
export const userPrefEndpoints = {
  /** The saved value, or null when the operator never changed the defaults. */
  get: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/userPref/get',
    summary: '读取个人表格设置',
    query: z.object({ key: userPrefKey }),
    response: tablePrefs.nullable(),
  }),
  save: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/userPref/save',
    summary: '保存个人表格设置',
    body: z.object({ key: userPrefKey, value: tablePrefs }),
    response: ok,
  }),
};
