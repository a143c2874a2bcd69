import type { BodyOf, EndpointDef, ResponseOf } from '@console/contract';
import { getToken } from '../storage';
import { ApiError, NetworkError } from './api-error';
import { type OpenedRequest, buildUrl, readEnvelope, reportNetworkError } from './request';

/**
 * `api()` for a large JSON body (a file import), reporting how much of it has been sent: fetch
 * cannot tell upload progress, XMLHttpRequest can. The answer goes through the same envelope
 * reading and error catalogue as every other call.
 */
export function apiWithUploadProgress<E extends EndpointDef>(
  def: E,
  body: BodyOf<E>,
  onProgress: (sentFraction: number) => void,
  signal?: AbortSignal,
): Promise<ResponseOf<E>> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(def.path, undefined));
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) {
      xhr.setRequestHeader('token', token);
      xhr.setRequestHeader('X-Token', token);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status }));
    xhr.onerror = () => reject(new NetworkError('网络连接失败，请检查网络后重试'));
    xhr.onabort = () => reject(new DOMException('已取消', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(JSON.stringify(body));
  })
    .then(async (response) => {
      const opened: OpenedRequest = {
        response,
        stopTimeout: () => undefined,
        settle: () => undefined,
        failure: (cause) => Promise.resolve(cause),
      };
      const { envelope, notified } = await readEnvelope<ResponseOf<E>>(opened, {});
      if (envelope.errCode !== 0) throw new ApiError(envelope, notified);
      return envelope.data;
    })
    .catch((error: unknown) => {
      reportNetworkError(error, {});
      throw error;
    });
}
