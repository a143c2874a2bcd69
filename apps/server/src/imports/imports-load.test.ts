import { performance } from 'node:perf_hooks';
import { IMPORT_MAX_INFLATED_MB } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { openDatabase } from '../db/open.js';
import { callApi } from '../modules/stores/test-fixtures.js';
import { foreignXlsx } from './foreign-xlsx.testing.js';
import { readSheet } from './read-sheet.js';

const mac = (prefix: number, i: number) =>
  [prefix, i >> 24, (i >> 16) & 255, (i >> 8) & 255, i & 255, 0x5a]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(':');

/** A register file of `rows` MACs (each row with a batch number and a remark). */
const macSheet = (prefix: number, rows: number) =>
  foreignXlsx([
    ['MAC 地址', '批次号', '备注'],
    ...Array.from({ length: rows }, (_, i) => [mac(prefix, i), 'B1', `第${i}行`]),
  ]);

/** Counts event-loop turns (a 1 ms interval) until stopped. */
function tickCounter() {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 1);
  return () => {
    clearInterval(timer);
    return ticks;
  };
}

describe('imports never stall the server', () => {
  let t: TestApp;
  let admin: TestOperator;
  let other: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    const permissions = ['macAddress.import', 'macAddress.page'];
    admin = await createTestOperator(t, { adminType: 0, permissions });
    other = await createTestOperator(t, { adminType: 0, permissions });
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = (content: Buffer, fileName = 'macs.xlsx') =>
    callApi<{ importId: string; valid: number }>(t, admin, 'POST', '/macAddress/import/preview', {
      fileName,
      content: content.toString('base64'),
    });

  it(`refuses a ZIP bomb with 文件解压后超过 ${IMPORT_MAX_INFLATED_MB} MB, without holding its unpacked size`, async () => {
    // 1 GB of sheet in about 1 MB of file: ten times the budget.
    const bomb = foreignXlsx([['MAC 地址'], ['001122334455']], { padMb: 1024 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const stop = tickCounter();
    try {
      const answers = await Promise.all([1, 2, 3, 4].map(() => preview(bomb)));
      for (const res of answers) {
        expect(res.errCode).toBe(400100);
        expect(res.errMsg).toBe(`文件解压后超过 ${IMPORT_MAX_INFLATED_MB} MB，请拆分后分批导入`);
        expect(res.fieldErrors?.content).toBe(res.errMsg);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(stop()).toBeGreaterThan(0);
    // Four bombs of 1 GB each, unpacked whole, would be gigabytes; each stops at the budget.
    expect((peak - before) / 1024 / 1024).toBeLessThan(4 * IMPORT_MAX_INFLATED_MB + 200);
  });

  it('parses a large file on a worker thread: the event loop stays idle and keeps ticking meanwhile', async () => {
    const file = macSheet(0x30, 30_000);
    const stop = tickCounter();
    const start = performance.eventLoopUtilization();
    const sheet = await readSheet('macs.xlsx', file);
    const busy = performance.eventLoopUtilization(start).utilization;
    const ticks = stop();
    expect(sheet.rows).toHaveLength(30_000);
    expect(sheet.rows[29_999]?.cells[0]).toBe(mac(0x30, 29_999));
    // Parsing on the event loop would keep it busy throughout (utilization near 1) and hold the
    // ticks back; only receiving the parsed rows is left to it.
    expect(busy).toBeLessThan(0.5);
    expect(ticks).toBeGreaterThan(5);
  });

  it("lets another operator's list read through while a large commit is being written", async () => {
    const rows = 10_000;
    const res = await preview(macSheet(0x20, rows));
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data.valid).toBe(rows);
    // A second connection sees the commit's rows once a batch of them is committed.
    const watcher = openDatabase(t.database.url);
    try {
      const order: string[] = [];
      const commit = callApi<{ inserted: number }>(t, admin, 'POST', '/macAddress/import/commit', {
        importId: res.data.importId,
      }).then((r) => {
        order.push('commit');
        return r;
      });
      let seen = 0;
      while (seen === 0 && order.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        const found = await watcher.db
          .selectFrom('macAddress')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('mac', 'like', '20:%')
          .executeTakeFirstOrThrow();
        seen = Number(found.n);
      }
      // The commit is under way (some rows in, not all): another operator reads the list.
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(rows);
      const read = await callApi<{ total: number }>(t, other, 'POST', '/macAddress/page', { offset: 1, size: 20 });
      order.push('read');
      expect(read.errCode, read.errMsg).toBe(0);
      const done = await commit;
      expect(done.errCode, done.errMsg).toBe(0);
      expect(done.data.inserted).toBe(rows);
      expect(order).toEqual(['read', 'commit']);
    } finally {
      await watcher.close();
    }
  });
});
