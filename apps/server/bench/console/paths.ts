import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webDir = join(repoRoot, 'apps/web');
/** Generated, never committed (.gitignore): builds and the server's SQLite file. */
export const benchDataDir = join(repoRoot, 'apps/server/bench/.data');
