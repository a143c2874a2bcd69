import { agreementVersionResource, publishAgreementEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { sanitizeHtml } from '../messages/sanitize-html.js';

/** The agreement these versions are of; the public keys below both show its published version. */
export const PRIVACY = 'privacy';
export const PRIVACY_PAGES = ['privatezc', 'privacyAgreement'];
const DRAFT = 0;
const PUBLISHED = 1;
const OFFLINE = 2;

/** Rich text from the console is never trusted: only the sanitiser's tags and safe links are stored. */
const cleanContent = (values: DbRow): DbRow =>
  typeof values.content === 'string' ? { ...values, content: sanitizeHtml(values.content) } : values;

const draftOnly = (existing: DbRow) => {
  if (existing.status !== DRAFT) throw new AppError('stateConflict', { message: '只有草稿可以修改或删除，请新建版本' });
};

/** The published privacy agreement, or none yet (the public pages then show the configured text). */
export async function publishedPrivacy(db: Kysely<Database>) {
  return db
    .selectFrom('agreementVersion')
    .select(['title', 'content', 'publishedAt'])
    .where('agreementKey', '=', PRIVACY)
    .where('status', '=', PUBLISHED)
    .executeTakeFirst();
}

/** 隐私协议: versions written as drafts, published one at a time. */
export function registerAgreements(app: FastifyInstance): void {
  registerResource(app, agreementVersionResource, 'agreement_version', {
    hooks: {
      beforeCreate: async (values, _input, ctx) => {
        const last = await ctx.db
          .selectFrom('agreementVersion')
          .select((eb) => eb.fn.max('versionNo').as('n'))
          .where('agreementKey', '=', PRIVACY)
          .executeTakeFirst();
        return { ...cleanContent(values), agreementKey: PRIVACY, versionNo: Number(last?.n ?? 0) + 1, status: DRAFT };
      },
      beforeUpdate: (patch, existing) => {
        draftOnly(existing);
        return cleanContent(patch);
      },
      beforeDelete: draftOnly,
    },
  });

  bindEndpoint(app, publishAgreementEndpoint, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const row = await ctx.db.selectFrom('agreementVersion').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    if (row.version !== body.version) throw new AppError('versionConflict');
    if (row.status !== DRAFT) throw new AppError('stateConflict', { message: '只有草稿可以发布' });
    const now = nowIso();
    const before = await publishedPrivacyRow(ctx.db);
    if (before) {
      await ctx.db
        .updateTable('agreementVersion')
        .set((eb) => ({ status: OFFLINE, updatedAt: now, version: eb('version', '+', 1) }))
        .where('id', '=', before.id)
        .execute();
    }
    await ctx.db
      .updateTable('agreementVersion')
      .set((eb) => ({
        status: PUBLISHED,
        publishedAt: now,
        publisherName: ctx.operator?.name ?? '',
        updatedAt: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('version', '=', body.version)
      .execute();
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [
      { field: 'publishedVersion', before: before ? `V${before.versionNo}` : '', after: `V${row.versionNo}` },
    ];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: agreementVersionResource.name,
      agentId: null,
      ids: [],
      action: 'update',
    });
    const after = await ctx.db
      .selectFrom('agreementVersion')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...after, id: String(after.id) };
  });
}

function publishedPrivacyRow(db: Kysely<Database>) {
  return db
    .selectFrom('agreementVersion')
    .select(['id', 'versionNo'])
    .where('agreementKey', '=', PRIVACY)
    .where('status', '=', PUBLISHED)
    .executeTakeFirst();
}
