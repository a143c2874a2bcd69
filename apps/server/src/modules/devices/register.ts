import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { registerAndroid } from './android.js';
import { registerAppPush } from './app-push.js';
import { registerDeviceCredentials } from './credentials.js';
import { registerGateways } from './gateway.js';
import { registerDeviceService } from './service.js';

/** The device area: the device gateway service first, then gateways, terminals and app pushes. */
export function registerDevices(app: FastifyInstance, config: Pick<Config, 'PRESENCE_SWEEP_SECONDS'>): void {
  registerDeviceService(app, config.PRESENCE_SWEEP_SECONDS);
  registerGateways(app);
  registerAndroid(app);
  registerAppPush(app);
  registerDeviceCredentials(app);
}
