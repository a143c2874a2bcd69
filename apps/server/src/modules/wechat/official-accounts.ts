import {
  type CustomMenuButtons,
  type OfficialAccount,
  officialAccountResource,
  syncOfficialAccountEndpoint,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { OfficialAccountInfo } from '../../adapters/wechat/index.js';
import { parseId } from '../../crud/codec.js';
import { registerResource } from '../../crud/register-resource.js';
import type { OfficialAccountTable } from '../../db/tables/domain-ops.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { diffFields } from '../../http/redact.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { fromWechatMenu } from './menu-json.js';
import { wechatAppError } from './wechat-errors.js';

/** An AppSecret as the console may see it: only its last 4 characters. */
export function maskSecret(secret: string): string {
  return secret ? `${'*'.repeat(Math.max(secret.length - 4, 4))}${secret.slice(-4)}` : '';
}
const secret = sql.ref('t.appSecret');
const maskedSql = sql<string>`case when ${secret} = '' then '' else '****************************' || substr(${secret}, length(${secret}) - 3, 4) end`;

type Row = Selectable<OfficialAccountTable>;
const toWire = (row: Row): OfficialAccount => ({
  id: String(row.id),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  version: row.version,
  name: row.name,
  appId: row.appId,
  originalId: row.originalId,
  accountType: row.accountType as OfficialAccount['accountType'],
  verified: row.verified as OfficialAccount['verified'],
  status: row.status as OfficialAccount['status'],
  followerCount: row.followerCount,
  authorizedAt: row.authorizedAt,
  secretMasked: maskSecret(row.appSecret),
  syncedAt: row.syncedAt,
  remark: row.remark,
});

/** What WeChat says of an account: its facts and the menu it shows. */
interface Remote {
  info: OfficialAccountInfo;
  menu: CustomMenuButtons | null;
}

/**
 * 公众号管理: official accounts with a write-only AppSecret (stored, never answered: lists show
 * it masked), and a sync that reads followers, verification, authorisation and the live menu
 * from WeChat before the transaction opens, then records what changed.
 */
export function registerOfficialAccounts(app: FastifyInstance): void {
  registerResource(app, officialAccountResource, 'official_account', {
    columns: { secretMasked: maskedSql },
    hooks: {
      beforeCreate: (values, input) => ({
        ...values,
        appSecret: input.appSecret,
        verified: 0,
        status: 0,
        followerCount: 0,
      }),
      beforeUpdate: (patch, _existing, input) => (input.appSecret ? { ...patch, appSecret: input.appSecret } : patch),
    },
  });

  bindEndpoint<typeof syncOfficialAccountEndpoint, Remote>(
    app,
    syncOfficialAccountEndpoint,
    async ({ query }, ctx, remote) => {
      const id = parseId(query.id);
      ctx.audit.targetId = String(id);
      const before = await ctx.db.selectFrom('officialAccount').where('id', '=', id).selectAll().executeTakeFirst();
      if (!before) throw new AppError('recordNotFound');
      const now = nowIso();
      const status = remote.info.authorized ? 1 : 0;
      const patch = {
        followerCount: remote.info.followerCount,
        verified: remote.info.verified ? 1 : 0,
        status,
        authorizedAt: status === 1 ? (before.authorizedAt ?? now) : null,
        syncedAt: now,
      };
      const row = await ctx.db
        .updateTable('officialAccount')
        .set((eb) => ({ ...patch, version: eb('version', '+', 1), updatedAt: now }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const live = remote.menu ? JSON.stringify(remote.menu) : null;
      const menu = await ctx.db
        .selectFrom('customMenu')
        .where('officialAccountId', '=', id)
        .select(['liveButtons'])
        .executeTakeFirst();
      if (menu) {
        await ctx.db
          .updateTable('customMenu')
          .set({ liveButtons: live, liveSyncedAt: now })
          .where('officialAccountId', '=', id)
          .execute();
      } else if (remote.menu) {
        // No draft yet: WeChat's menu becomes the draft to edit, marked as published.
        await ctx.db
          .insertInto('customMenu')
          .values({
            officialAccountId: id,
            buttons: live ?? '[]',
            publishStatus: 2,
            publishedAt: null,
            publishError: '',
            liveButtons: live,
            liveSyncedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
      ctx.audit.changes = [
        ...diffFields(before, patch).filter((c) => c.field !== 'syncedAt'),
        ...((menu?.liveButtons ?? null) !== live
          ? [{ field: 'liveButtons', before: menu?.liveButtons ?? null, after: remote.menu }]
          : []),
      ];
      for (const resource of [officialAccountResource.name, 'customMenu']) {
        emitAfterCommit(ctx.req, 'resourceChanged', { resource, agentId: null, ids: [String(id)], action: 'update' });
      }
      return { ...toWire(row), liveButtons: remote.menu };
    },
    {
      // WeChat answers in a few hundred milliseconds: asked before the transaction opens.
      prepare: async ({ query }, ctx) => {
        const id = parseId(query.id);
        ctx.audit.targetId = String(id);
        const account = await ctx.db
          .selectFrom('officialAccount')
          .where('id', '=', id)
          .select('appId')
          .executeTakeFirst();
        if (!account) throw new AppError('recordNotFound');
        try {
          const [info, menu] = await Promise.all([
            app.wechat.getAccountInfo(account.appId),
            app.wechat.getCurrentMenu(account.appId),
          ]);
          return { info, menu: fromWechatMenu(menu) };
        } catch (err) {
          throw wechatAppError(err);
        }
      },
    },
  );
}
