import { agreementKeys, systemConfigEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { PRIVACY_PAGES, publishedPrivacy, registerAgreements } from './agreements.js';
import { readConfigType, writeConfigBatch } from './batch.js';
import { registerBillingSync } from './billing-sync.js';
import { registerPlatformParams } from './parameters.js';
import { registerPrices } from './prices.js';

/** System configuration read by type and written in all-or-nothing batches; public site facts. */
export function registerSystemConfig(app: FastifyInstance): void {
  registerPrices(app);
  registerBillingSync(app);
  registerAgreements(app);
  registerPlatformParams(app);
  bindEndpoint(app, systemConfigEndpoints.listByType, ({ query }, ctx) => readConfigType(ctx, query.type));

  bindEndpoint(app, systemConfigEndpoints.updateBatch, ({ body }, ctx) => writeConfigBatch(ctx, body.items));

  // 语音码设置 reads and writes only its own group, under that screen's permission.
  bindEndpoint(app, systemConfigEndpoints.voiceCodeGet, (_input, ctx) => readConfigType(ctx, 'voiceCode'));
  bindEndpoint(app, systemConfigEndpoints.voiceCodeUpdate, ({ body }, ctx) =>
    writeConfigBatch(ctx, body.items, 'voiceCode'),
  );

  bindEndpoint(app, systemConfigEndpoints.site, async (_input, ctx) => {
    const keys = ['platformName', 'servicePhone', 'serviceEmail', 'serviceQr', 'helpCenterUrl'] as const;
    const rows = await ctx.db
      .selectFrom('systemConfig')
      .select(['configKey', 'value'])
      .where('configKey', 'in', [...keys])
      .execute();
    const v = new Map(rows.map((r) => [r.configKey, r.value]));
    return {
      platformName: v.get('platformName') ?? '门店云运营平台',
      servicePhone: v.get('servicePhone') ?? '',
      serviceEmail: v.get('serviceEmail') ?? '',
      serviceQr: v.get('serviceQr') ?? '',
      helpCenterUrl: v.get('helpCenterUrl') ?? '',
    };
  });

  bindEndpoint(app, systemConfigEndpoints.agreement, async ({ query }, ctx) => {
    if (!(agreementKeys as readonly string[]).includes(query.key)) throw new AppError('recordNotFound');
    // The privacy pages show the published version of 隐私协议 once there is one.
    const published = PRIVACY_PAGES.includes(query.key) ? await publishedPrivacy(ctx.db) : undefined;
    if (published) {
      return {
        key: query.key,
        title: published.title,
        content: published.content,
        updatedAt: published.publishedAt ?? nowIso(),
      };
    }
    const row = await ctx.db
      .selectFrom('systemConfig')
      .select(['configKey', 'title', 'value', 'updatedAt'])
      .where('configKey', '=', query.key)
      .executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    return { key: row.configKey, title: row.title, content: row.value, updatedAt: row.updatedAt };
  });
}
