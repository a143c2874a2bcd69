import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createDeviceAdapter } from './devices/index.js';
import { createPaymentsAdapter } from './payments/index.js';
import { createSmsAdapter } from './sms/index.js';
import { createFileStore } from './storage/index.js';
import { createWechatAdapter } from './wechat/index.js';

/**
 * Decorates the app with the outside-system clients the configuration names (each defaults to its
 * simulator). Done before the modules register, so a module uses what is here and a missing name
 * stops start-up with the config error rather than at the first call.
 */
export function decorateAdapters(app: FastifyInstance, config: Config): void {
  app.decorate(
    'deviceAdapter',
    createDeviceAdapter(config, (err) => app.log.error({ err }, 'device adapter error')),
  );
  const statementMs = config.PAYMENTS_SIMULATOR_STATEMENT_MS;
  app.decorate(
    'payments',
    createPaymentsAdapter(
      config.PAYMENTS_ADAPTER,
      statementMs === undefined ? {} : { statementMs: [statementMs, statementMs] },
    ),
  );
  app.decorate('sms', createSmsAdapter(config.SMS_ADAPTER));
  app.decorate('wechat', createWechatAdapter(config.WECHAT_ADAPTER));
  app.decorate('files', { store: createFileStore(config.STORAGE_ADAPTER, config.UPLOAD_DIR) });
}
