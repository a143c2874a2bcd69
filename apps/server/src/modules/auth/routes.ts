import { authEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { tokenOf } from '../../plugins/auth.js';
import { requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { issueCaptcha } from './captcha.js';
import { passwordGate } from '../../credentials/hash-gate.js';
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
    // While the password gate is full a password sign-in is refused before its body is read,
    // validated or counted against its address: during a burst most sign-ins end here, and the
    // event loop's time goes to the requests it can answer.
    scope.addHook('onRequest', (req, _reply, done) => {
      if (req.routeOptions.config.endpoint === authEndpoints.login && passwordGate.full) {
        done(new AppError('rateLimited'));
      } else {
        done();
      }
    });
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
