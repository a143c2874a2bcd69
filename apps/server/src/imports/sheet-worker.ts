import { parentPort } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from '../lib/task-workers.js';
import { type SheetLimits, parseSheet } from './sheet-lines.js';

// A worker thread's entry (./read-sheet.ts starts it; build/bundle.ts bundles it beside the
// server). It imports only what parsing needs: no contract, no database, no Fastify.
parentPort?.on('message', ({ id, args }: TaskRequest) => {
  const [fileName, bytes, limits] = args as [string, Uint8Array, SheetLimits];
  let reply: TaskReply;
  try {
    // A Buffer arrives as a plain Uint8Array (structured clone): a view of the same memory.
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    reply = { id, value: parseSheet(fileName, buffer, limits) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
