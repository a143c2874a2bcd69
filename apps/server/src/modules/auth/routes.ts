import { authEndpoints, secondFactorEndpoints } from '@console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { tokenOf } from '../../plugins/auth.js';
import { requireOperator } from '../../http/context.js';
import { deviceTokenOf, setDeviceCookie } from '../../credentials/devices.js';
import { AppError } from '../../lib/app-error.js';
import { issueCaptcha } from './captcha.js';
import { passwordGate } from '../../credentials/hash-gate.js';
import { registerProfileRoutes } from './profile-routes.js';
import { limitScopePerAddress } from './rate-limit.js';
import { confirmSignInEnrolment, signInWithCode, startSignInEnrolment } from './second-step.js';
import { type SignedIn, forgetDevice, rememberedLoginName, signInWithPassword, signInWithRemember } from './sign-in.js';

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

    // Every successful sign-in hands the browser a new device value (credentials/devices.ts).
    const answer = (signedIn: SignedIn, ctx: { req: FastifyRequest; reply: FastifyReply }) => {
      setDeviceCookie(ctx.req, ctx.reply, signedIn.deviceToken, config.REMEMBER_DAYS);
      return signedIn.result;
    };
    bindEndpoint(scope, authEndpoints.login, async ({ body }, ctx) =>
      answer(await signInWithPassword(deps, body, attempt(body.loginName, ctx.req), deviceTokenOf(ctx.req)), ctx),
    );
    bindEndpoint(scope, authEndpoints.loginByRemember, async ({ body }, ctx) =>
      answer(await signInWithRemember(deps, attempt(body.loginName, ctx.req), deviceTokenOf(ctx.req)), ctx),
    );
    bindEndpoint(scope, authEndpoints.remembered, async (_input, ctx) => ({
      loginName: await rememberedLoginName(ctx.db, deviceTokenOf(ctx.req)),
    }));
    bindEndpoint(scope, authEndpoints.forgetRemembered, async ({ body }, ctx) => {
      await forgetDevice(ctx.db, deviceTokenOf(ctx.req), body?.loginName);
      return null;
    });
    bindEndpoint(scope, authEndpoints.captcha, async (_input, ctx) => issueCaptcha(ctx.db));

    // The second step after 400225/400226 (./second-step.ts); the device cookie comes along (its path).
    const client = (req: FastifyRequest) => ({
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      deviceToken: deviceTokenOf(req),
    });
    bindEndpoint(scope, secondFactorEndpoints.verify, async ({ body }, ctx) =>
      answer(await signInWithCode(deps, body, client(ctx.req)), ctx),
    );
    bindEndpoint(scope, secondFactorEndpoints.enrolStart, async ({ body }, ctx) =>
      startSignInEnrolment(ctx.db, body.challenge, client(ctx.req)),
    );
    bindEndpoint(scope, secondFactorEndpoints.enrolConfirm, async ({ body }, ctx) => {
      const { signedIn, recoveryCodes } = await confirmSignInEnrolment(deps, body, client(ctx.req));
      return { ...answer(signedIn, ctx), recoveryCodes };
    });
  });

  // 记住密码 survives sign-out: it belongs to the browser (its device cookie), not to the session.
  bindEndpoint(app, authEndpoints.logout, async (_input, ctx) => {
    const operator = requireOperator(ctx);
    const token = tokenOf(ctx.req);
    if (token) await app.sessions.revokeToken(ctx.db, token, 'logout');
    ctx.audit.targetId = String(operator.id);
    return null;
  });

  registerProfileRoutes(app);
}
