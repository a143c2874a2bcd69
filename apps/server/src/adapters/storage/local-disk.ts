import { createReadStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FileStore } from './types.js';

/**
 * Files in one folder on this machine (`UPLOAD_DIR`), received into its `.incoming` subfolder so
 * that taking a file over is a rename on the same disk, never a copy. Folders are created by the
 * first upload, so a server that never receives a file creates nothing.
 */
export class LocalDiskStore implements FileStore {
  readonly name = 'local';
  readonly root: string;
  readonly tempDir: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.tempDir = join(this.root, '.incoming');
  }

  async put(key: string, tempPath: string): Promise<void> {
    // The temp folder sits inside the root, so the root exists once a file was received.
    await rename(tempPath, join(this.root, key));
  }

  async open(key: string) {
    const path = join(this.root, key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, key), { force: true });
  }

  publicUrl(): null {
    return null;
  }
}
