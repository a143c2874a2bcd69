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

/** The app's files: the store, and the address other machines reach the console at. */
export interface Files {
  store: FileStore;
  /** PUBLIC_BASE_URL without a trailing slash; null: absolute URLs use the request's host. */
  publicBaseUrl: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: Files;
  }
}
