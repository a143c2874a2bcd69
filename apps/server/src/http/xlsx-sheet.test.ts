import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Cell, writeSheet } from './xlsx-sheet.js';

/** Writes a workbook into memory and reads every sheet back as plain rows. */
async function written(spec: Parameters<typeof writeSheet>[1]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const rows = await writeSheet(out, spec);
  return { rows, sheets: await sheetsOf(chunks) };
}

/** Every sheet of the workbook in `chunks`, as its name and plain rows. */
async function sheetsOf(chunks: Buffer[]) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
  return workbook.worksheets.map((sheet) => {
    const values: Cell[][] = [];
    sheet.eachRow((row) => values.push((row.values as Cell[]).slice(1)));
    return { name: sheet.name, values };
  });
}

const columns = [
  { header: '名称', width: 10 },
  { header: '数量', width: 10 },
];
const batch = (from: number, n: number): Cell[][] => Array.from({ length: n }, (_, i) => [`第${from + i}行`, from + i]);

describe('writeSheet', () => {
  it('starts another sheet with the same header once a sheet holds its rows, the note on the last', async () => {
    const progress: number[] = [];
    const { rows, sheets } = await written({
      title: '门店列表',
      columns,
      batches: [batch(1, 3), batch(4, 3), batch(7, 1)],
      note: '仅导出前 7 条',
      sheetRows: 3,
      onBatch: (n) => Promise.resolve(void progress.push(n)),
    });
    expect(rows).toBe(7);
    expect(progress).toEqual([3, 6, 7]);
    expect(sheets.map((s) => s.name)).toEqual(['门店列表', '门店列表 (2)', '门店列表 (3)']);
    expect(sheets.map((s) => s.values[0])).toEqual([
      ['名称', '数量'],
      ['名称', '数量'],
      ['名称', '数量'],
    ]);
    expect(sheets.map((s) => s.values.slice(1).map((r) => r[0]))).toEqual([
      ['第1行', '第2行', '第3行'],
      ['第4行', '第5行', '第6行'],
      ['第7行', '仅导出前 7 条'],
    ]);
  });

  it('keeps one sheet when the rows fit exactly, and never more rows on a sheet than Excel allows', async () => {
    const { sheets } = await written({ title: '列表', columns, batches: [batch(1, 2)], sheetRows: 2 });
    expect(sheets).toHaveLength(1);
    const capped = await written({ title: '列表', columns, batches: [batch(1, 2)], sheetRows: 5_000_000 });
    expect(capped.sheets).toHaveLength(1);
  });
});

/**
 * An output that takes nothing until `open()`: a client or disk that stalls. Records how many
 * 'close' and 'drain' listeners it carried at each write (a wait per batch must not leave one).
 */
function gatedOutput() {
  const chunks: Buffer[] = [];
  const held: (() => void)[] = [];
  let open = false;
  const listeners: number[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk);
      listeners.push(Math.max(out.listenerCount('close'), out.listenerCount('drain')));
      if (open) done();
      else held.push(() => done());
    },
  });
  return {
    out,
    chunks,
    listeners,
    open: () => {
      open = true;
      held.splice(0).forEach((done) => done());
    },
  };
}

/** Text zlib cannot shrink much, so a few batches fill the zip's buffers. */
const noise = (from: number, n: number): Cell[][] =>
  Array.from({ length: n }, (_, i) => [randomBytes(48).toString('hex'), from + i]);

describe('writeSheet under back-pressure', () => {
  it('stops reading batches while the output is stalled, then writes them all across sheets', async () => {
    const gate = gatedOutput();
    const batchCount = 200;
    let pulled = 0;
    function* batches() {
      for (let b = 0; b < batchCount; b += 1) {
        pulled += 1;
        yield noise(b * 100 + 1, 100);
      }
    }
    const writing = writeSheet(gate.out, { title: '列表', columns, batches: batches(), sheetRows: 7_000 });
    // Wait until the writer stops asking for batches (it is waiting for the output to drain).
    let seen = -1;
    while (seen !== pulled) {
      seen = pulled;
      await sleep(50);
    }
    expect(pulled).toBeLessThan(batchCount / 2);
    gate.open();
    expect(await writing).toBe(20_000);
    expect(pulled).toBe(batchCount);
    const sheets = await sheetsOf(gate.chunks);
    expect(sheets.map((s) => s.name)).toEqual(['列表', '列表 (2)', '列表 (3)']);
    expect(sheets.map((s) => s.values.length)).toEqual([7_001, 7_001, 6_001]);
    expect(sheets.map((s) => s.values[0])).toEqual([
      ['名称', '数量'],
      ['名称', '数量'],
      ['名称', '数量'],
    ]);
    expect(sheets.flatMap((s) => s.values.slice(1).map((r) => r[1]))).toEqual(
      Array.from({ length: 20_000 }, (_, i) => i + 1),
    );
    // The pipe's own listener and at most one of the wait's, never one per batch.
    expect(Math.max(...gate.listeners)).toBeLessThanOrEqual(2);
  });

  it('lets the event loop turn between batches that are all at hand', async () => {
    let turns = 0;
    let ticking: NodeJS.Immediate | undefined;
    const tick = () => {
      turns += 1;
      ticking = setImmediate(tick);
    };
    const pulledAt: number[] = [];
    function* batches() {
      for (let b = 0; b < 20; b += 1) {
        pulledAt.push(turns);
        yield batch(b * 10 + 1, 10);
      }
    }
    // The library loaded already (the test before), so nothing but the writer's own waits turn the loop.
    tick();
    try {
      await written({ title: '列表', columns, batches: batches() });
    } finally {
      clearImmediate(ticking);
    }
    // Every batch is asked for in a later turn than the one before: other requests ran in between.
    expect(pulledAt.slice(1).every((turn, i) => turn > pulledAt[i]!)).toBe(true);
  });
});
