import {
  type Envelope,
  type UploadPurpose,
  type UploadedFile,
  uploadEndpoints,
  uploadPurposes,
} from '@console/contract';
import { ApiError, NetworkError } from './api-error';
import { API_BASE } from './request';
import { xhrPostWithProgress } from './xhr-post';

const MB = 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * What the browser can tell before sending: the purpose's size limit. The type is judged by the
 * server from the bytes, so a file the picker let through may still be refused.
 */
export function checkBeforeUpload(file: File, purpose: UploadPurpose): string | null {
  const { maxBytes } = uploadPurposes[purpose];
  if (file.size === 0) return '文件为空';
  return file.size > maxBytes ? `文件不能超过 ${formatSize(maxBytes)}` : null;
}

/**
 * Sends a file's bytes to the storage with the session headers and progress (a large package
 * needs to show it). A refusal rejects with the server's ApiError (its message names the field's
 * rule).
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const params = new URLSearchParams({ purpose, name: file.name.slice(0, 200) });
  const answer = await xhrPostWithProgress({
    url: `${API_BASE}${uploadEndpoints.upload.path}?${params.toString()}`,
    contentType: 'application/octet-stream',
    body: file,
    // 100 only once the server has kept the file.
    onProgress: (sent) => onProgress(Math.min(99, Math.floor(sent * 100))),
    signal,
    abortMessage: '上传已取消',
  });
  let envelope: Envelope<UploadedFile> | undefined;
  try {
    envelope = JSON.parse(answer.text) as Envelope<UploadedFile>;
  } catch {
    envelope = undefined;
  }
  if (!envelope || typeof envelope.errCode !== 'number') {
    throw new NetworkError(`服务器响应异常（HTTP ${answer.status}）`);
  }
  if (envelope.errCode !== 0) throw new ApiError(envelope, false);
  onProgress(100);
  return envelope.data;
}
