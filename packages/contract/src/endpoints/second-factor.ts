import { z } from 'zod';
import { isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { loginResult } from './auth.js';

// Issue 31 part 1: the second factor (TOTP, RFC 6238) of an operator account. Enrolment and its
// management live in 个人中心 (session endpoints); the sign-in step is public and carries the
// short-lived challenge the password step answered with (400225 / 400226), never a session.

const MODULE = '两步验证';

/** A six-digit authenticator code, or one of the ten recovery codes (xxxx-xxxx). */
export const secondFactorCode = z.string().trim().min(6, '请输入 6 位验证码或恢复码').max(20, '验证码最多 20 位');

/** The challenge a correct password answers with; valid a few minutes, for this account only. */
export const secondFactorChallenge = z.string().min(20).max(100);

/** What 400225 / 400226 carry in `data`: the step after the password. */
export const secondFactorStepData = z.object({ challenge: z.string() });
export type SecondFactorStepData = z.infer<typeof secondFactorStepData>;

export const secondFactorStatus = z.object({
  enrolled: z.boolean(),
  enrolledAt: isoTime.nullable(),
  /** One of the account's roles requires the second factor: it cannot be disabled. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

/** A new secret, shown while enrolling only: the QR code's URI and the key for manual entry. */
export const secondFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
export type SecondFactorSetup = z.infer<typeof secondFactorSetup>;

/** Ten one-time recovery codes: answered once, stored hashed. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

const codeBody = z.object({ code: secondFactorCode });
const own = { access: 'session', audience: 'any', module: MODULE } as const;
const step = { access: 'public', audience: 'any', module: '登录认证', write: false } as const;

export const secondFactorEndpoints = {
  status: defineEndpoint({
    ...own,
    method: 'GET',
    path: '/adminLogin/secondFactor/status',
    summary: '两步验证状态',
    write: false,
    beforePasswordChange: true,
    response: secondFactorStatus,
  }),
  /** A new pending secret (replacing an unconfirmed one); refused while a factor is enrolled. */
  start: defineEndpoint({
    ...own,
    method: 'POST',
    path: '/adminLogin/secondFactor/start',
    summary: '开始绑定两步验证',
    write: true,
    body: z.object({}).nullish(),
    response: secondFactorSetup,
  }),
  confirm: defineEndpoint({
    ...own,
    method: 'POST',
    path: '/adminLogin/secondFactor/confirm',
    summary: '启用两步验证',
    write: true,
    body: codeBody,
    response: recoveryCodes,
  }),
  /** With a current code; refused while a role of the account requires the factor. */
  disable: defineEndpoint({
    ...own,
    method: 'POST',
    path: '/adminLogin/secondFactor/disable',
    summary: '停用两步验证',
    write: true,
    body: codeBody,
    response: z.null(),
  }),
  regenerateRecoveryCodes: defineEndpoint({
    ...own,
    method: 'POST',
    path: '/adminLogin/secondFactor/recoveryCodes',
    summary: '重新生成恢复码',
    write: true,
    body: codeBody,
    response: recoveryCodes,
  }),
  /** The sign-in's second step: the challenge and a code (or a recovery code) answer the session. */
  verify: defineEndpoint({
    ...step,
    method: 'POST',
    path: '/log/adminLogin/secondFactor',
    summary: '两步验证登录',
    body: z.object({ challenge: secondFactorChallenge, code: secondFactorCode }),
    response: loginResult,
  }),
  /** After 400226: the account under a requiring role enrols before its first session. */
  enrolStart: defineEndpoint({
    ...step,
    method: 'POST',
    path: '/log/adminLogin/secondFactor/enrolStart',
    summary: '登录时绑定两步验证',
    body: z.object({ challenge: secondFactorChallenge }),
    response: secondFactorSetup,
  }),
  enrolConfirm: defineEndpoint({
    ...step,
    method: 'POST',
    path: '/log/adminLogin/secondFactor/enrolConfirm',
    summary: '登录时启用两步验证',
    body: z.object({ challenge: secondFactorChallenge, code: secondFactorCode }),
    response: loginResult.extend(recoveryCodes.shape),
  }),
};
