import type { FastifyInstance } from 'fastify';
import { type WechatAdapter } from '../../adapters/wechat/index.js';
import { registerAppletAuth } from './applet-auth.js';
import { registerCustomMenu } from './custom-menu.js';
import { registerOfficialAccounts } from './official-accounts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** WeChat's open platform (simulator by default). */
    wechat: WechatAdapter;
  }
}

/** Official accounts (with a sync from WeChat), their custom menus, and merchant mini-programs. */
export function registerWechat(app: FastifyInstance): void {
  registerOfficialAccounts(app);
  const closeMenus = registerCustomMenu(app);
  registerAppletAuth(app);
  app.addHook('onClose', () => {
    closeMenus();
    app.wechat.close();
  });
}
