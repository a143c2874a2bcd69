import type { BodyOf, EndpointDef, ResponseOf } from '@console/contract';
import { ApiError } from './api-error';
import { type OpenedRequest, buildUrl, readEnvelope, reportNetworkError } from './request';
import { xhrPostWithProgress } from './xhr-post';

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
  return xhrPostWithProgress({
    url: buildUrl(def.path, undefined),
    contentType: 'application/json',
    body: JSON.stringify(body),
    onProgress,
    signal,
    abortMessage: '已取消',
  })
    .then(async (answer) => {
      const opened: OpenedRequest = {
        response: new Response(answer.text, { status: answer.status }),
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
