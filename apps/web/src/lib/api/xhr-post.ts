import { NetworkError } from './api-error';
import { sessionHeaders } from './request';

/**
 * POSTs a large body with the session headers, reporting how much of it has gone: XMLHttpRequest
 * rather than fetch, since only it tells upload progress. Resolves with the answer's status and
 * text whatever the status (the caller reads the envelope); rejects with a NetworkError when the
 * connection fails and with an AbortError (`abortMessage`) when `signal` aborts.
 */
export function xhrPostWithProgress(request: {
  url: string;
  contentType: string;
  body: XMLHttpRequestBodyInit;
  /** The fraction of the body sent, 0 to 1, as it goes. */
  onProgress: (sentFraction: number) => void;
  signal?: AbortSignal;
  abortMessage: string;
}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.setRequestHeader('Content-Type', request.contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new NetworkError('网络连接失败，请检查网络后重试'));
    xhr.onabort = () => reject(new DOMException(request.abortMessage, 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(request.body);
  });
}
