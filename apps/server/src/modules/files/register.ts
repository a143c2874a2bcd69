import { randomBytes } from 'node:crypto';
import { type UploadPurpose, uploadEndpoints, uploadKinds, uploadPurposes } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { type Operator, requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { fileUrl } from './file-url.js';
import { registerFileLinks } from './links.js';
import { loadLinkSecret } from './link-secret.js';
import { scheduleOrphanSweep } from './orphan-sweep.js';
import { type ReceivedFile, UploadBody, receiveUpload } from './receive.js';
import { registerFileServing } from './serve.js';

/** Whether the operator may upload for a purpose: the permission of the form the field is in. */
export function mayUpload(operator: Operator, purpose: UploadPurpose): boolean {
  const allowed = uploadPurposes[purpose].permissions;
  return allowed === 'session' || allowed.some((p) => operator.permissions.has(p));
}

/**
 * The file storage: `POST /api/file/upload` takes a file's bytes for one purpose, checks them by
 * content and size, and stores them under a random name; `GET /files/<name>` serves them (to
 * whoever may read them: serve.ts), and `GET /api/file/link` signs a short-lived link to one.
 */
export function registerFiles(app: FastifyInstance, config: Config): void {
  scheduleOrphanSweep(app);
  // Read once, on the first link signed or checked; a failed read is tried again next time.
  let secret: Promise<Buffer> | undefined;
  const linkSecret = () =>
    (secret ??= loadLinkSecret(app.db, config.FILE_URL_SECRET).catch((err: unknown) => {
      secret = undefined;
      throw err;
    }));
  registerFileServing(app, linkSecret);
  registerFileLinks(app, linkSecret);
  // The bytes stay a stream until the upload handler reads them; only that route expects this type.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => {
    done(null, new UploadBody(payload));
  });

  bindEndpoint<typeof uploadEndpoints.upload, ReceivedFile>(
    app,
    uploadEndpoints.upload,
    async ({ query }, ctx, received) => {
      const operator = requireOperator(ctx);
      const key = `${randomBytes(16).toString('hex')}.${uploadKinds[received.kind].ext}`;
      const facts = uploadKinds[received.kind];
      await app.files.store.put(key, received.tempPath, { mediaType: facts.mediaType, size: received.size });
      const row = await ctx.db
        .insertInto('storedFile')
        .values({
          key,
          purpose: query.purpose,
          kind: received.kind,
          size: received.size,
          md5: received.md5,
          originalName: query.name,
          uploadedBy: operator.id,
          agentId: ctx.scope.agentId,
          createdAt: nowIso(),
          // Until a record's write names it (src/http/file-claims.ts); unclaimed, it is deleted after a day.
          claimedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ctx.audit.targetId = String(row.id);
      return {
        key,
        url: fileUrl(app, key, query.purpose),
        kind: received.kind,
        mediaType: facts.mediaType,
        size: received.size,
        md5: received.md5,
        originalName: query.name,
      };
    },
    {
      // Received before the transaction opens: a large package must not hold the database.
      prepare: async ({ query }, ctx) => {
        if (!mayUpload(requireOperator(ctx), query.purpose)) {
          (ctx.req.body as UploadBody | undefined)?.stream?.resume();
          throw new AppError('forbidden');
        }
        const length = Number(ctx.req.headers['content-length']);
        const declared = Number.isFinite(length) ? length : undefined;
        return receiveUpload(ctx.req.body, query.purpose, app.files.store.tempDir, declared);
      },
    },
  );
}
