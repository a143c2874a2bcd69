import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  EXPORT_KEEP_DAYS,
  type ExportTask,
  baseFields,
  defineResource,
  filter,
  id,
  tenantFields,
} from '@console/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { exportFile, settledTask, taskOf } from '../../../test/export-task.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import type { TestApp } from '../../../test/test-app.js';
import { registerResource } from '../../crud/register-resource.js';
import { createFixtureApp, gadgetStatus } from '../../../test/crud-fixture.js';
import { resourceDb } from '../../crud/types.js';
import { EXPORT_JOB, type ExportJobData, exportDirOf } from '../../http/export-tasks/export-job.js';
import { expireExportTasks } from '../../http/export-tasks/expire-export-tasks.js';
import { nowIso } from '../../lib/clock.js';

const taskGadget = defineResource({
  name: 'taskGadget',
  prefix: '/taskGadget',
  title: '任务物件',
  module: '测试模块',
  audience: 'any',
  tenant: 'agent',
  entity: z.object({ ...baseFields, ...tenantFields, name: z.string().describe('名称'), status: gadgetStatus }),
  actions: ['page', 'export'],
  labels: { status: '状态' },
  exportColumns: ['name', 'status'],
  filters: { keyword: filter(z.string(), 'contains', { columns: ['name'] }), agentId: filter(id, 'eq') },
  sortable: ['name'],
  defaultSort: { field: 'name', order: 'ascend' },
});

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T };

async function names(res: LightMyRequestResponse): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Uint8Array.from(res.rawPayload).buffer);
  const out: string[] = [];
  workbook.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) out.push(row.getCell(1).text);
  });
  return out;
}

describe('导出中心: export tasks', () => {
  let t: TestApp;
  let dir: string;
  let agentA: number;
  let opA: TestOperator;
  let opA2: TestOperator;
  let opB: TestOperator;
  let platform: TestOperator;
  let serial = 0;
  const codes = ['taskGadget.page', 'taskGadget.export'];

  const insert = async (agentId: number, count: number, prefix: string) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      agentId,
      name: `${prefix}${String(i).padStart(5, '0')}`,
      code: `T${(serial += 1)}`,
      status: 1,
      price: 1,
      createdAt: nowIso(),
      updatedAt: nowIso(),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await resourceDb(t.database.db)
        .insertInto('fixtureGadget')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  };
  const ask = async (op: TestOperator, body: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/taskGadget/export',
      headers: op.headers,
      payload: body,
    });
    return taskOf(res)!;
  };
  const call = <T>(op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app
      .inject({ method, url: `/api${url}`, headers: op.headers, ...(payload ? { payload } : {}) })
      .then((r) => r.json<Envelope<T>>());
  const page = (op: TestOperator, body: object = {}) =>
    call<{ total: number; list: ExportTask[]; active: number }>(op, 'POST', '/exportTask/page', body);
  const download = (op: TestOperator, taskId: string) =>
    t.app.inject({ method: 'GET', url: `/api/exportTask/download?id=${taskId}`, headers: op.headers });
  // A task as the export request leaves it, for a job whose account changes before it runs.
  const queuedTask = async (adminId: number, agentId: number | null) => {
    const now = nowIso();
    const row = await t.database.db
      .insertInto('exportTask')
      .values({
        adminId,
        agentId,
        source: '/taskGadget/export',
        title: '任务物件列表',
        filters: '{}',
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  // Under pg-boss (the fixture app's engine on PostgreSQL) a worker polls for the job: wait for its end.
  const settledRow = (taskId: number) =>
    vi.waitFor(
      async () => {
        const row = await t.database.db
          .selectFrom('exportTask')
          .selectAll()
          .where('id', '=', taskId)
          .executeTakeFirstOrThrow();
        expect(['queued', 'running']).not.toContain(row.status);
        return row;
      },
      { timeout: 20_000, interval: 50 },
    );
  const fileOf = (taskId: string) =>
    t.database.db
      .selectFrom('exportTask')
      .select('fileName')
      .where('id', '=', Number(taskId))
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createFixtureApp((app) => {
      registerResource(app, taskGadget, 'fixtureGadget', {});
    });
    dir = exportDirOf(t.config);
    agentA = await createTestAgent(t.database.db, { name: '服务商甲' });
    const agentB = await createTestAgent(t.database.db, { name: '服务商乙' });
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: codes });
    opA2 = await createTestOperator(t, { adminType: 2, agentId: agentA, permissions: codes });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: codes });
    platform = await createTestOperator(t, { adminType: 0, permissions: codes });
    await insert(agentA, 2_345, '甲');
    await insert(agentB, 3, '乙');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a queued task, and its job writes the scoped list to a real .xlsx with progress to ready', async () => {
    const asked = await ask(opA);
    expect(asked).toMatchObject({ status: 'queued', title: '任务物件列表', rowsDone: 0, source: '/taskGadget/export' });
    const task = await settledTask(t, opA.headers, asked.id);
    expect(task).toMatchObject({
      status: 'ready',
      rowsDone: 2_345,
      rowsTotal: 2_345,
      truncated: false,
      failReason: null,
    });
    expect(task.fileSize).toBeGreaterThan(1000);
    const kept = new Date(task.expiresAt!).getTime() - new Date(task.finishedAt!).getTime();
    expect(kept).toBe(EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000);
    const file = await download(opA, task.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('2345');
    const rows = await names(file);
    expect(rows).toHaveLength(2_345);
    expect(rows.every((n) => n.startsWith('甲'))).toBe(true);
    // The bell says so, with a link to 导出中心.
    const told = await t.database.db
      .selectFrom('saasMessageRecipient as r')
      .innerJoin('saasMessage as m', 'm.id', 'r.messageId')
      .select(['m.title', 'm.link', 'm.content'])
      .where('r.adminId', '=', opA.adminId)
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: '文件已生成', link: '/profile/exportCenter' });
    expect(told[0]!.content).toContain('任务物件列表');
  });

  it("never puts another provider's rows in a provider's file, whatever the filters say", async () => {
    const forged = await exportFile(t, opB, '/taskGadget/export', { agentId: String(agentA) });
    expect(await names(forged)).toEqual([]);
    const own = await exportFile(t, opB, '/taskGadget/export', { keyword: '' });
    expect(await names(own)).toEqual(['乙00000', '乙00001', '乙00002']);
  });

  it('fails with a reason when the account was disabled before the job ran, and leaves no file', async () => {
    const staff = await createTestOperator(t, { adminType: 2, agentId: agentA, permissions: codes });
    const taskId = await queuedTask(staff.adminId, agentA);
    await t.database.db.updateTable('admin').set({ open: 0 }).where('id', '=', staff.adminId).execute();
    const before = existsSync(dir) ? readdirSync(dir).length : 0;
    await t.app.jobs.enqueue<ExportJobData>(EXPORT_JOB, { taskId });
    const row = await settledRow(taskId);
    expect(row).toMatchObject({ status: 'failed', failReason: '账号已停用或已删除，导出未执行', fileName: null });
    expect(existsSync(dir) ? readdirSync(dir).length : 0).toBe(before);
  });

  it('fails when the account lost the export permission before the job ran', async () => {
    const viewer = await createTestOperator(t, { adminType: 0, permissions: codes });
    const asked = await ask(viewer);
    await settledTask(t, viewer.headers, asked.id);
    // The same account asks again; its role loses the permission before the job runs.
    const taskId = await queuedTask(viewer.adminId, null);
    const roles = t.database.db.selectFrom('adminRole').select('roleId').where('adminId', '=', viewer.adminId);
    await t.database.db.deleteFrom('roleMenu').where('roleId', 'in', roles).execute();
    await t.app.jobs.enqueue<ExportJobData>(EXPORT_JOB, { taskId });
    const row = await settledRow(taskId);
    expect(row).toMatchObject({ status: 'failed', failReason: '账号已没有此导出的权限，导出未执行' });
  });

  it('lets only the asker and platform operators download; anyone else is answered as if it were missing', async () => {
    const task = await settledTask(t, opA.headers, (await ask(opA, { keyword: '甲0000' })).id);
    expect((await download(opA, task.id)).statusCode).toBe(200);
    const admin = await download(platform, task.id);
    expect(admin.statusCode).toBe(200);
    expect(await names(admin)).toHaveLength(10);
    for (const other of [opA2, opB]) {
      const refused = await download(other, task.id);
      expect(refused.json<Envelope>().errCode).toBe(404001);
      expect((await call(other, 'GET', `/exportTask/get?id=${task.id}`)).errCode).toBe(404001);
    }
    const log = await t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('path', '=', '/api/exportTask/download')
      .where('operatorId', '=', platform.adminId)
      .executeTakeFirst();
    expect(log).toMatchObject({ result: 1, targetId: task.id });
  });

  it('lists an account its own tasks; a platform operator every account, or one', async () => {
    const mine = await page(opA2);
    expect(mine.errCode).toBe(0);
    const staffTask = await settledTask(t, opA2.headers, (await ask(opA2)).id);
    const staffPage = await page(opA2);
    expect(staffPage.data.list.map((x) => x.id)).toEqual([staffTask.id]);
    expect(staffPage.data.list[0]!.operatorName).toMatch(/^测试账号/);
    // A provider asking for every account still gets its own.
    const providerAll = await page(opA, { all: true });
    expect(providerAll.data.list.every((x) => x.operatorId === String(opA.adminId))).toBe(true);
    const everyone = await page(platform, { all: true, size: 100 });
    const owners = new Set(everyone.data.list.map((x) => x.operatorId));
    expect(owners.has(String(opA.adminId)) && owners.has(String(opB.adminId))).toBe(true);
    const one = await page(platform, { all: true, operatorId: String(opB.adminId), size: 100 });
    expect(one.data.list.length).toBeGreaterThan(0);
    expect(one.data.list.every((x) => x.operatorId === String(opB.adminId))).toBe(true);
    expect((await page(platform, { status: 'failed', all: true })).data.list.every((x) => x.status === 'failed')).toBe(
      true,
    );
  });

  it('deletes only its own task, with the file', async () => {
    const task = await settledTask(t, opB.headers, (await ask(opB)).id);
    const { fileName } = await fileOf(task.id);
    expect(existsSync(join(dir, fileName!))).toBe(true);
    expect((await call(opA, 'POST', `/exportTask/delete?id=${task.id}`)).errCode).toBe(404001);
    expect((await call(platform, 'POST', `/exportTask/delete?id=${task.id}`)).errCode).toBe(404001);
    expect((await call(opB, 'POST', `/exportTask/delete?id=${task.id}`)).errCode).toBe(0);
    // The file goes once the deletion committed, after the answer.
    await vi.waitFor(() => expect(existsSync(join(dir, fileName!))).toBe(false));
    expect((await download(opB, task.id)).json<Envelope>().errCode).toBe(404001);
  });

  it('expires tasks past their keep: the file is deleted and a download refused', async () => {
    const task = await settledTask(t, opB.headers, (await ask(opB)).id);
    const { fileName } = await fileOf(task.id);
    expect(await expireExportTasks(t.app, dir, new Date(Date.now() + 60_000))).toBe(0);
    const later = new Date(new Date(task.expiresAt!).getTime() + 1000);
    expect(await expireExportTasks(t.app, dir, later)).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(dir, fileName!))).toBe(false);
    const after = await call<ExportTask>(opB, 'GET', `/exportTask/get?id=${task.id}`);
    expect(after.data.status).toBe('expired');
    expect((await download(opB, task.id)).json<Envelope>().errCode).toBe(409004);
  });
});
