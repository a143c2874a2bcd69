import { smsChannelResource, testSmsChannelEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { gatewayMessage } from './failover.js';
import { logSentSms } from './sms-log.js';

const secret = sql.ref('t.accessKeySecret');
/** The secret as the console may see it: masked but for its last 4 characters. */
const maskedSql = sql<string>`case when ${secret} = '' then '' else '************' || substr(${secret}, length(${secret}) - 3, 4) end`;

/** 短信通道: channels with a write-only secret, and a test send through one channel (no failover). */
export function registerSmsChannels(app: FastifyInstance): void {
  registerResource(app, smsChannelResource, 'sms_channel', {
    columns: { secretMasked: maskedSql },
    hooks: {
      beforeCreate: (values, input) => ({ ...values, accessKeySecret: input.accessKeySecret, sentCount: 0 }),
      beforeUpdate: (patch, _existing, input) =>
        input.accessKeySecret ? { ...patch, accessKeySecret: input.accessKeySecret } : patch,
    },
  });

  // The test names one channel on purpose: it checks that channel, so failover would hide its fault.
  bindEndpoint(app, testSmsChannelEndpoint, async ({ body }, ctx) => {
    const channel = await ctx.db
      .selectFrom('smsChannel')
      .where('id', '=', toDbId(body.id))
      .selectAll()
      .executeTakeFirst();
    if (!channel) throw new AppError('recordNotFound');
    if (channel.status !== 1) throw new AppError('stateConflict', { message: '通道已停用，请先启用' });
    const content = '这是一条来自门店云运营平台的测试短信，收到即表示通道可用。';
    const result = await app.sms.send(gatewayMessage(channel, { phone: body.phone, content }));
    ctx.audit.targetId = String(channel.id);
    await logSentSms(ctx.db, { phone: body.phone, purpose: 3, content, channelId: channel.id, result });
    if (result.ok) {
      await ctx.db
        .updateTable('smsChannel')
        .set((eb) => ({ sentCount: eb('sentCount', '+', 1) }))
        .where('id', '=', channel.id)
        .execute();
    }
    return result;
  });
}
