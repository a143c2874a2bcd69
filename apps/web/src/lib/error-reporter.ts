// The console reports its uncaught errors and failed renders to 错误日志 (spec: error logging is on
// only in the production build). This module is all that loads with every page: the queue (dedup,
// rate cap, the endpoint's schemas) is error-report-queue.ts, imported with the first error, and
// the errors raised before it arrives wait here with the address they happened at.

import type { Reporter } from './error-report-queue';

type Level = 2 | 3;
type Pending = { error: unknown; level: Level; url: string };

let installed = false;
let pending: Pending[] = [];
let queue: Promise<Reporter | null> | null = null;

function loadQueue() {
  queue ??= import('./error-report-queue')
    .then(({ createReporter, sendReport }) => createReporter(sendReport))
    // A queue that cannot load (a deploy replaced the chunk, the network is down) drops the
    // reports; its failure must not come back here as an unhandled rejection.
    .catch(() => null);
  return queue;
}

function report(error: unknown, level: Level): void {
  if (!installed) return;
  pending.push({ error, level, url: window.location.pathname + window.location.search });
  void loadQueue().then((reporter) => {
    const batch = pending;
    pending = [];
    for (const p of batch) reporter?.report(p.error, p.level, p.url);
  });
}

/** Failed renders call this (the screen's error boundary); a no-op outside the production build. */
export function reportRenderError(error: unknown): void {
  report(error, 3);
}

/** Starts reporting uncaught errors and unhandled rejections; only the production build does. */
export function installErrorReporter(): void {
  if (!import.meta.env.PROD || installed) return;
  installed = true;
  window.addEventListener('error', (event) => report(event.error ?? event.message, 2));
  window.addEventListener('unhandledrejection', (event) => report(event.reason, 2));
}
