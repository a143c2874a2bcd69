import { FILES_PATH, storedFileName, uploadKinds, type UploadKind } from '@console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scopeOf } from '../../http/context.js';
import { tokenOf } from '../../plugins/auth.js';
import { type FileFacts, findFile, mayReadPrivateFile, publicPurposeOf } from './private-access.js';
import { type LinkParams, linkIsValid } from './signed-link.js';

const kindByExt = new Map(
  Object.entries(uploadKinds).map(([kind, facts]) => [facts.ext as string, kind as UploadKind]),
);

/**
 * `GET /files/<name>`. A public purpose's file goes to anyone holding the name, cached for a year
 * (a name is never reused for other bytes). A private one only with a signed link of ours that has
 * not expired, or the session header of an operator who may read it (API clients), and is never
 * kept by a cache. Everyone else (no credentials, a stale session, another provider, a forged or
 * expired link) gets the same 404 a missing file gets, so the answer never says a name exists.
 */
export function registerFileServing(app: FastifyInstance, linkSecret: () => Promise<Buffer>): void {
  const mayRead = async (req: FastifyRequest, file: FileFacts): Promise<boolean> => {
    const link = req.query as Partial<LinkParams>;
    if (link.sig !== undefined || link.exp !== undefined) return linkIsValid(await linkSecret(), file.key, link);
    if (!tokenOf(req)) return false;
    const operator = await app.authenticate(req);
    return operator !== null && mayReadPrivateFile(app.db, operator, scopeOf(operator), file);
  };

  app.route({
    method: 'GET',
    url: `${FILES_PATH}/:name`,
    schema: { hide: true },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!storedFileName.test(name)) return reply.callNotFound();
      // The row says the purpose; bytes the server keeps no record of are not served.
      const file = await findFile(app.db, name);
      if (!file) return reply.callNotFound();
      const hidden = publicPurposeOf(file) === null;
      if (hidden && !(await mayRead(req, file))) return reply.callNotFound();
      return send(app, reply, name, hidden);
    },
  });
}

async function send(app: FastifyInstance, reply: FastifyReply, name: string, hidden: boolean) {
  const stored = await app.files.store.open(name);
  if (!stored) return reply.callNotFound();
  const facts = uploadKinds[kindByExt.get(name.split('.')[1] ?? '') ?? 'apk'];
  // Only images open in the browser; a package or a document is always saved, never rendered.
  return reply
    .header('content-type', facts.mediaType)
    .header('content-length', String(stored.size))
    .header('content-disposition', facts.image ? 'inline' : `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', hidden ? 'private, no-store' : 'public, max-age=31536000, immutable')
    .send(stored.body);
}
