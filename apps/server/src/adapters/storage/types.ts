import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The local disk is the default; an S3-compatible store is one more
 * implementation of this interface (PutObject from the finished temp file, GetObject as a stream,
 * and `publicUrl` when a bucket or CDN serves the files itself).
 *
 * Keys are the server's random names (`<32 hex>.<ext>`), never a name a browser sent, so an
 * implementation need not guard against paths.
 */
export interface FileStore {
  readonly name: string;
  /**
   * Takes over a complete, checked file the server wrote to `tempPath` (on local disk a rename; a
   * remote store uploads it and removes the temp file). Resolves once the file can be read back.
   */
  put(key: string, tempPath: string, meta: { mediaType: string; size: number }): Promise<void>;
  /** The file's bytes and size, or null when there is no such file. */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Where clients fetch the file when the store serves it itself (a bucket's public host); null
   * when the server's own `/files/<key>` route serves it.
   */
  publicUrl(key: string): string | null;
  /** A folder on this machine for files being received (checked before `put`). */
  readonly tempDir: string;
}
