import { authEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { tokenOf } from '../../plugins/auth.js';
import { requireOperator } from '../../http/context.js';
import { issueCaptcha } from './captcha.js';
import { registerProfileRoutes } from './profile-routes.js';
import { limitScopePerAddress } from './rate-limit.js';
import { revokeRememberToken } from './remember.js';
import { signInWithPassword, signInWithRemember } from './sign-in.js';

/** Sign-in, captcha and logout; the profile endpoints of the signed-in operator live beside. */
export function registerAuthRoutes(app: FastifyInstance, config: Config): void {
  const deps = { db: app.db, sessions: app.sessions, config };
  const attempt = (loginName: string, req: { ip: string; headers: { 'user-agent'?: string } }) => ({
    loginName,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
  });

  // The sign-in endpoints sit in their own scope so the address limit touches nothing else.
  void app.register(async (scope) => {
    const perMinute = config.LOGIN_RATE_PER_MINUTE;
    // Captcha images are fetched on every refresh click, so they get more room than attempts.
    await limitScopePerAddress(scope, config, (url) => (url.endsWith('/captcha') ? perMinute * 3 : perMinute));

    bindEndpoint(scope, authEndpoints.login, async ({ body }, ctx) =>
      signInWithPassword(deps, body, attempt(body.loginName, ctx.req)),
    );
    bindEndpoint(scope, authEndpoints.loginByRemember, async ({ body }, ctx) =>
      signInWithRemember(deps, body.rememberToken, attempt(body.loginName, ctx.req)),
    );
    bindEndpoint(scope, authEndpoints.captcha, async (_input, ctx) => issueCaptcha(ctx.db));
  });

  bindEndpoint(app, authEndpoints.logout, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const token = tokenOf(ctx.req);
    if (token) await app.sessions.revokeToken(ctx.db, token, 'logout');
    if (body?.rememberToken) await revokeRememberToken(ctx.db, operator.id, body.rememberToken);
    ctx.audit.targetId = String(operator.id);
    return null;
  });

  registerProfileRoutes(app);
}
