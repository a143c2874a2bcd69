import { z } from 'zod';
import { id, ok, pageOf } from '../common.js';
import { defineEndpoint, fileResponse } from '../endpoint.js';
import { exportTask, exportTaskStatus, xlsxMediaType } from '../export.js';
import { recordId } from '../resource.js';

const common = { audience: 'any', access: 'session', module: '导出中心' } as const;

/**
 * 导出中心 (issue 31 part 4). Every operator lists their own exports; a platform operator may list
 * every account's (`all`, optionally one `operatorId`). A file is downloaded only by the operator
 * who asked for it and by platform operators; anyone else is answered as if the task were missing.
 */
export const exportTaskEndpoints = {
  page: defineEndpoint({
    ...common,
    write: false,
    method: 'POST',
    path: '/exportTask/page',
    summary: '查询导出任务',
    body: z.object({
      offset: z.coerce.number().int().min(1).max(10_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
      status: exportTaskStatus.optional(),
      /** Platform operators only: every account's tasks, not just their own. */
      all: z.boolean().optional(),
      /** Platform operators only, with `all`: one account's tasks. */
      operatorId: id.optional(),
    }),
    response: pageOf(exportTask).extend({
      /** The caller's own tasks still queued or running (the header icon's badge). */
      active: z.number().int(),
    }),
  }),
  get: defineEndpoint({
    ...common,
    write: false,
    method: 'GET',
    path: '/exportTask/get',
    summary: '查看导出任务',
    query: z.object({ id: recordId }),
    response: exportTask,
  }),
  download: defineEndpoint({
    ...common,
    write: false,
    auditRead: true,
    method: 'GET',
    path: '/exportTask/download',
    summary: '下载导出文件',
    query: z.object({ id: recordId }),
    response: fileResponse,
    file: { mediaType: xlsxMediaType },
  }),
  delete: defineEndpoint({
    ...common,
    write: true,
    method: ['GET', 'POST'],
    path: '/exportTask/delete',
    summary: '删除导出任务',
    query: z.object({ id: recordId }),
    response: ok,
  }),
};
