import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type UploadKind, type UploadPurpose, uploadKinds, uploadPurposes } from '@console/contract';
import { AppError, fieldError } from '../../lib/app-error.js';
import { ApkMarker, HEAD_BYTES, kindOf } from './sniff.js';

/** A request body the upload route takes as it streams in, never held in memory whole. */
export class UploadBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

export interface ReceivedFile {
  tempPath: string;
  kind: UploadKind;
  size: number;
  md5: string;
}

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

function tooLarge(maxBytes: number): AppError {
  const message = `文件不能超过 ${formatBytes(maxBytes)}`;
  return new AppError('payloadTooLarge', { message, fieldErrors: { file: message } });
}

/**
 * Streams an upload into `tempDir` while hashing it, counting it against the purpose's limit and
 * noting its first bytes; then decides its kind by those bytes. A refused file leaves nothing
 * behind. A declared length over the limit is refused before a byte is read.
 */
export async function receiveUpload(
  body: unknown,
  purpose: UploadPurpose,
  tempDir: string,
  declaredLength: number | undefined,
): Promise<ReceivedFile> {
  if (!(body instanceof UploadBody)) {
    throw fieldError('file', '请以文件内容上传（Content-Type: application/octet-stream）');
  }
  const rule = uploadPurposes[purpose];
  if (declaredLength !== undefined && declaredLength > rule.maxBytes) {
    body.stream.resume();
    throw tooLarge(rule.maxBytes);
  }
  await mkdir(tempDir, { recursive: true });
  const tempPath = join(tempDir, randomBytes(16).toString('hex'));
  const md5 = createHash('md5');
  const marker = new ApkMarker();
  let head = Buffer.alloc(0);
  let size = 0;
  const watch = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > rule.maxBytes) {
        done(tooLarge(rule.maxBytes));
        return;
      }
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      md5.update(chunk);
      marker.push(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body.stream, watch, createWriteStream(tempPath));
    if (size === 0) throw fieldError('file', '文件为空');
    const kind = kindOf(head, marker);
    const allowed: readonly UploadKind[] = rule.kinds;
    if (!kind || !allowed.includes(kind)) {
      const names = allowed.map((k) => uploadKinds[k].label).join('、');
      throw fieldError('file', `文件内容不是允许的类型（${rule.label}仅限 ${names}）`);
    }
    return { tempPath, kind, size, md5: md5.digest('hex') };
  } catch (err) {
    await rm(tempPath, { force: true });
    // The rest of a refused body is read and dropped, so the answer reaches the browser.
    if (!body.stream.readableEnded) body.stream.resume();
    throw err;
  }
}
