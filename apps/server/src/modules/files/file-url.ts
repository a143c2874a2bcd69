import { FILES_PATH, type UploadPurpose, isPrivatePurpose } from '@console/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Where a stored file is fetched from, absolute (a terminal downloading a package needs the host),
 * from PUBLIC_URL and never from the request. A store that serves files itself (a bucket) answers
 * public ones; a private file is only ever served by our own route, which checks who asks.
 */
export function fileUrl(app: FastifyInstance, key: string, purpose: UploadPurpose): string {
  const own = isPrivatePurpose(purpose) ? null : app.files.store.publicUrl(key);
  return own ?? app.publicUrl.of(`${FILES_PATH}/${key}`);
}
