/**
 * Resolves after the event loop has gone round once (I/O included): long work that awaits this
 * between batches lets the requests that arrived meanwhile run. A resolved promise would not:
 * its continuation is a microtask, run before any I/O (better-sqlite3's queries are synchronous,
 * so a loop of awaited SQLite queries never gives the loop up on its own).
 */
export const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));
