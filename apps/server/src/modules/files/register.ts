import { randomBytes } from 'node:crypto';
import {
  FILES_PATH,
  type UploadKind,
  type UploadPurpose,
  storedFileName,
  uploadEndpoints,
  uploadKinds,
  uploadPurposes,
} from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { type Operator, requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { scheduleOrphanSweep } from './orphan-sweep.js';
import { type ReceivedFile, UploadBody, receiveUpload } from './receive.js';

const kindByExt = new Map(
  Object.entries(uploadKinds).map(([kind, facts]) => [facts.ext as string, kind as UploadKind]),
);

/** Whether the operator may upload for a purpose: the permission of the form the field is in. */
export function mayUpload(operator: Operator, purpose: UploadPurpose): boolean {
  const allowed = uploadPurposes[purpose].permissions;
  return allowed === 'session' || allowed.some((p) => operator.permissions.has(p));
}

/** Where a stored file is fetched from, absolute (a terminal downloading a package needs the host). */
export function fileUrl(app: FastifyInstance, req: FastifyRequest, key: string): string {
  const own = app.files.store.publicUrl(key);
  if (own) return own;
  const base = app.files.publicBaseUrl ?? `${req.protocol}://${req.host}`;
  return `${base}${FILES_PATH}/${key}`;
}

/**
 * The file storage: `POST /api/file/upload` takes a file's bytes for one purpose, checks them by
 * content and size, and stores them under a random name; `GET /files/<name>` serves them.
 */
export function registerFiles(app: FastifyInstance): void {
  scheduleOrphanSweep(app);
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
          // Until a record's write names it (claims.ts); unclaimed, it is deleted after a day.
          claimedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ctx.audit.targetId = String(row.id);
      return {
        key,
        url: fileUrl(app, ctx.req, key),
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

  app.route({
    method: 'GET',
    url: `${FILES_PATH}/:name`,
    schema: { hide: true },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!storedFileName.test(name)) return reply.callNotFound();
      const file = await app.files.store.open(name);
      if (!file) return reply.callNotFound();
      const facts = uploadKinds[kindByExt.get(name.split('.')[1] ?? '') ?? 'apk'];
      // Only images open in the browser; a package or a document is always saved, never rendered.
      reply
        .header('content-type', facts.mediaType)
        .header('content-length', String(file.size))
        .header('content-disposition', facts.image ? 'inline' : `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        // A name is never reused for other bytes.
        .header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(file.body);
    },
  });
}
