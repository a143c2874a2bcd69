import { LocalDiskStore } from './local-disk.js';
import type { FileStore } from './types.js';

export * from './types.js';
export { LocalDiskStore } from './local-disk.js';

/** The file store named by configuration; the local disk ships (an S3 client is one more case). */
export function createFileStore(name: string, uploadDir: string): FileStore {
  switch (name) {
    case 'local':
      return new LocalDiskStore(uploadDir);
    default:
      throw new Error(`Unknown file store "${name}" (known: local)`);
  }
}

/** The app's files: the store they live in (their absolute URLs come from `app.publicUrl`). */
export interface Files {
  store: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: Files;
  }
}
