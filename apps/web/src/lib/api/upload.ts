import {
  type Envelope,
  type UploadPurpose,
  type UploadedFile,
  uploadEndpoints,
  uploadPurposes,
} from '@console/contract';
import { getToken } from '../storage';
import { ApiError, NetworkError } from './api-error';
import { API_BASE } from './request';

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
 * Sends a file's bytes to the storage with the session headers. XMLHttpRequest rather than fetch:
 * only it reports how much of a request body has gone, which a large package needs to show.
 * A refusal rejects with the server's ApiError (its message names the field's rule).
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const params = new URLSearchParams({ purpose, name: file.name.slice(0, 200) });
    xhr.open('POST', `${API_BASE}${uploadEndpoints.upload.path}?${params.toString()}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) {
      xhr.setRequestHeader('token', token);
      xhr.setRequestHeader('X-Token', token);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let envelope: Envelope<UploadedFile> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadedFile>;
      } catch {
        envelope = undefined;
      }
      if (!envelope || typeof envelope.errCode !== 'number') {
        reject(new NetworkError(`服务器响应异常（HTTP ${xhr.status}）`));
      } else if (envelope.errCode !== 0) {
        reject(new ApiError(envelope, false));
      } else {
        onProgress(100);
        resolve(envelope.data);
      }
    };
    xhr.onerror = () => reject(new NetworkError('网络连接失败，请检查网络后重试'));
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
