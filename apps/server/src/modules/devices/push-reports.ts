import { type Kysely, sql } from 'kysely';
import type { DeviceReport } from '../../adapters/devices/index.js';
import type { Database } from '../../db/types.js';

type PushResultReport = Extract<DeviceReport, { kind: 'pushResult' }>;
type PushProgressReport = Extract<DeviceReport, { kind: 'pushProgress' }>;

/** Result statuses a device may still move from: sent, downloading, installing. */
const OPEN = [0, 3, 4];
const stageStatus = { downloading: 3, installing: 4 } as const;

/**
 * A stage of a device's push (download percent, installing). Only an open result moves, so a
 * stage arriving after the result (out of order on the uplink) changes nothing. Answers the
 * device's provider when a row changed.
 */
export async function applyPushProgress(db: Kysely<Database>, report: PushProgressReport): Promise<number | null> {
  const message = report.stage === 'downloading' ? `下载中 ${Math.round(report.percent)}%` : '安装中';
  const row = await db
    .updateTable('appPushResult')
    .set({ status: stageStatus[report.stage], message, reportedAt: report.at })
    .where('jobId', '=', report.jobId)
    .where('deviceId', '=', report.deviceId)
    .where('status', 'in', OPEN)
    .returning(['agentId'])
    .executeTakeFirst();
  return row?.agentId ?? null;
}

/**
 * A device's final answer: the result row, the device's app version on success, and the job's
 * counts, in one transaction; the last answer closes the job. A duplicate or late report
 * changes nothing (only an open row moves). Answers the device's provider when applied.
 */
export async function applyPushResult(db: Kysely<Database>, report: PushResultReport): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('appPushResult')
      .set({ status: report.ok ? 1 : 2, message: report.message, reportedAt: report.at })
      .where('jobId', '=', report.jobId)
      .where('deviceId', '=', report.deviceId)
      .where('status', 'in', OPEN)
      .returning(['agentId'])
      .executeTakeFirst();
    if (!updated) return null;
    if (report.ok) {
      await trx
        .updateTable('androidDevice')
        .set({ appVersion: report.versionName, online: 1, statusChangedAt: report.at, lastHeartbeatAt: report.at })
        .where('id', '=', report.deviceId)
        .execute();
    }
    const ok = report.ok ? 1 : 0;
    await trx
      .updateTable('appPushJob')
      .set({ succeeded: sql`succeeded + ${ok}`, failed: sql`failed + ${1 - ok}`, updatedAt: report.at })
      .where('id', '=', report.jobId)
      .execute();
    await trx
      .updateTable('appPushJob')
      .set({ status: sql`case when failed > 0 then 2 else 1 end`, finishedAt: report.at })
      .where('id', '=', report.jobId)
      .where(sql<boolean>`succeeded + failed >= total`)
      .where('status', '=', 0)
      .execute();
    return updated.agentId;
  });
}
