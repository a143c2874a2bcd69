import { type ExportTask, exportTaskStatuses } from '@console/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

const ACTIVE = new Set<string>([exportTaskStatuses[0], exportTaskStatuses[1]]);

/** The task an export request answered, or null when it was refused (the response says why). */
export function taskOf(res: LightMyRequestResponse): ExportTask | null {
  const envelope = res.json<{ errCode: number; data: ExportTask | null }>();
  return envelope.errCode === 0 ? envelope.data : null;
}

/** Waits until the task's job has finished with it (ready, failed) and answers it as its owner reads it. */
export async function settledTask(t: TestApp, headers: Record<string, string>, id: string): Promise<ExportTask> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/exportTask/get?id=${id}`, headers });
    const task = res.json<{ data: ExportTask }>().data;
    if (!ACTIVE.has(task.status)) return task;
    if (Date.now() > deadline) throw new Error(`export task ${id} still ${task.status}`);
    await t.app.jobs.idle();
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * An export as the console makes it: asks for the task, waits for its job, downloads the file.
 * A refused request answers as it was (the envelope); a failed task answers the download's refusal.
 */
export async function exportFile(
  t: TestApp,
  op: { headers: Record<string, string> } | null,
  path: string,
  body: object = {},
): Promise<LightMyRequestResponse> {
  const headers = op?.headers ?? {};
  const asked = await t.app.inject({ method: 'POST', url: `/api${path}`, headers, payload: body });
  const task = asked.statusCode === 200 ? taskOf(asked) : null;
  if (!task) return asked;
  await settledTask(t, headers, task.id);
  return t.app.inject({ method: 'GET', url: `/api/exportTask/download?id=${task.id}`, headers });
}
