import { FILES_PATH, uploadEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { fileUrl } from './file-url.js';
import { findFile, mayReadPrivateFile, publicPurposeOf } from './private-access.js';
import { signLink } from './signed-link.js';

/**
 * `GET /api/file/link?key=`: what an `<img>` or a download link of the console uses for a file,
 * since neither can send the session header. A private file's link is signed and lasts
 * FILE_LINK_MINUTES; it is made only for an operator who may read the file, and anyone else is
 * told it does not exist, as for a key never issued. A public file's answer is its plain URL.
 */
export function registerFileLinks(app: FastifyInstance, linkSecret: () => Promise<Buffer>): void {
  bindEndpoint(app, uploadEndpoints.link, async ({ query }, ctx) => {
    const file = await findFile(ctx.db, query.key);
    if (!file) throw new AppError('recordNotFound');
    const open = publicPurposeOf(file);
    if (open) return { url: fileUrl(app, file.key, open), expiresAt: null };
    if (!(await mayReadPrivateFile(ctx.db, requireOperator(ctx), ctx.scope, file))) {
      throw new AppError('recordNotFound');
    }
    const { exp, sig, expiresAt } = signLink(await linkSecret(), file.key);
    const search = new URLSearchParams({ exp, sig }).toString();
    return { url: app.publicUrl.of(`${FILES_PATH}/${file.key}?${search}`), expiresAt: expiresAt.toISOString() };
  });
}
