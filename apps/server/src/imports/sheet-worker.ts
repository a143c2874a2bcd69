import { parentPort } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from '../lib/task-workers.js';
import { lowerThisThread } from '../lib/thread-priority.js';
import { rowsToJson } from './draft-rows.js';
import { type SheetLimits, type SheetReply, parseSheet } from './sheet-lines.js';

// A worker thread's entry (./read-sheet.ts starts it; build/bundle.ts bundles it beside the
// server). It imports only what parsing needs: no contract, no database, no Fastify. It parses
// at the lowest priority: on a busy machine requests come first and a preview waits (eight ZIP
// bombs at once made other requests on this thread's core wait up to a second otherwise).
lowerThisThread();
parentPort?.on('message', ({ id, args }: TaskRequest) => {
  const [fileName, bytes, limits] = args as [string, Uint8Array, SheetLimits];
  const answer = async (): Promise<SheetReply> => {
    // A Buffer arrives as a plain Uint8Array (structured clone): a view of the same memory.
    const parsed = parseSheet(fileName, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
    return 'sheet' in parsed
      ? { headers: parsed.sheet.headers, rowsJson: await rowsToJson(parsed.sheet.rows) }
      : parsed;
  };
  answer().then(
    (value) => parentPort?.postMessage({ id, value } satisfies TaskReply),
    (err: unknown) =>
      parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies TaskReply),
  );
});
