import type { EndpointDef } from '@console/contract';
import { ApiError, NetworkError, isAbortError } from './api-error';
import { type CallInput, type OpenedRequest, openRequest, readEnvelope, reportNetworkError } from './request';

export interface DownloadInput<E> extends CallInput<E> {
  /** Bytes received so far, called as the file arrives. */
  onProgress?: (receivedBytes: number) => void;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave the file (Content-Disposition), or `fallbackName`. */
  filename: string;
  headers: Headers;
}

/**
 * Calls a file endpoint (`def.file`, e.g. an export) and reads the file as it streams in. A
 * refusal comes back as the envelope and is handled as `api()` handles it: the catalogue tells
 * the operator and the promise rejects with ApiError; a lost connection rejects with NetworkError.
 */
export async function download<E extends EndpointDef>(
  def: E,
  input: DownloadInput<E> = {},
  fallbackName = 'download',
): Promise<DownloadedFile> {
  const mediaType = def.file?.mediaType;
  if (!mediaType) throw new Error(`${def.path} 不是文件接口，请用 api() 调用`);
  let opened: OpenedRequest | undefined;
  try {
    opened = await openRequest(def, input, `${mediaType}, application/json`);
    const { response } = opened;
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || !type.startsWith(mediaType)) {
      const { envelope, notified } = await readEnvelope(opened, input);
      if (envelope.errCode !== 0) throw new ApiError(envelope, notified);
      throw new NetworkError('服务器没有返回文件，请稍后重试');
    }
    // A large file may take longer than one request's timeout; the caller's signal still cancels.
    opened.stopTimeout();
    const blob = await readBody(response, type, input.onProgress);
    return { blob, filename: filenameOf(response.headers) ?? fallbackName, headers: response.headers };
  } catch (error) {
    const failure =
      error instanceof ApiError || error instanceof NetworkError || isAbortError(error)
        ? error
        : // The connection broke while the file was arriving.
          new NetworkError('下载中断，请检查网络后重试');
    reportNetworkError(failure, input);
    throw failure;
  } finally {
    opened?.settle();
  }
}

async function readBody(response: Response, type: string, onProgress?: (bytes: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received);
  }
  return new Blob(chunks, { type });
}

/** The file name of a Content-Disposition: the UTF-8 `filename*` when given, else `filename`. */
export function filenameOf(headers: Headers): string | null {
  const disposition = headers.get('Content-Disposition') ?? '';
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/** Saves a file the way a browser saves an attachment: a temporary link with `download`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns; let them finish before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
