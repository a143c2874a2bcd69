import { z } from 'zod';
import { email, id, isoTime, password, phone } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

const MODULE = '登录认证';

const loginName = z.string().trim().min(1, '请输入登录名').max(64, '登录名最多 64 位');
/** Sign-in takes any stored password; the policy applies when one is set. */
const anyPassword = z.string().min(1, '请输入密码').max(128, '密码最多 128 位');

export const adminTypeSchema = z.number().int().min(0).max(2);
export const flag01 = z.union([z.literal(0), z.literal(1)]);

export const loginUserInfo = z.object({
  id,
  name: z.string(),
  loginName: z.string(),
  agentId: id.nullable(),
  headImg: z.string(),
});

/** What every successful sign-in answers, by password or by remembered credential. */
export const loginResult = z.object({
  token: z.string(),
  /** 1: the account must set a new password before using the console. */
  changePsw: flag01,
  adminType: adminTypeSchema,
  userInfo: loginUserInfo,
  /** 1 when the operator's provider is the platform's direct-run (直营) provider. */
  agentAdminDirect: flag01,
});
export type LoginResult = z.infer<typeof loginResult>;

export const loginBody = z.object({
  loginName,
  password: anyPassword,
  captchaId: z.string().max(64).optional(),
  /** The image captcha answer; case-insensitive. */
  code: z.string().trim().max(10).optional(),
  /**
   * 记住密码: this browser's device credential (an httpOnly cookie) may sign in to the account
   * without the password until revoked; false revokes it.
   */
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const currentUser = z.object({
  id,
  name: z.string(),
  loginName: z.string(),
  adminType: adminTypeSchema,
  agentId: id.nullable(),
  /** The provider's name, for provider operators. */
  agentName: z.string().nullable(),
  headImg: z.string(),
  changePsw: flag01,
  agentAdminDirect: flag01,
  phone: z.string(),
  email: z.string(),
  lastLoginAt: isoTime.nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const updateProfileBody = z.object({
  name: z.string().trim().min(1, '请输入姓名').max(40, '姓名最多 40 个字'),
  /** Avatar URL; empty for the default avatar. */
  headImg: z.string().trim().max(500),
  phone: z.union([phone, z.literal('')]).optional(),
  email: z.union([email, z.literal('')]).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z.object({
  oldPassword: anyPassword,
  newPassword: password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/log/adminLogin/login',
    access: 'public',
    audience: 'any',
    summary: '账号密码登录',
    module: MODULE,
    write: false,
    body: loginBody,
    response: loginResult,
  }),
  loginByRemember: defineEndpoint({
    method: 'POST',
    path: '/log/adminLogin/loginByRemember',
    access: 'public',
    audience: 'any',
    summary: '记住密码登录',
    module: MODULE,
    write: false,
    /** The credential is the browser's httpOnly device cookie, never in the body. */
    body: z.object({ loginName }),
    response: loginResult,
  }),
  remembered: defineEndpoint({
    method: 'GET',
    path: '/log/adminLogin/remembered',
    access: 'public',
    audience: 'any',
    summary: '本浏览器记住的账号',
    module: MODULE,
    write: false,
    /** The login name this browser may sign in to without the password, or null. */
    response: z.object({ loginName: z.string().nullable() }),
  }),
  forgetRemembered: defineEndpoint({
    method: 'POST',
    path: '/log/adminLogin/forget',
    access: 'public',
    audience: 'any',
    summary: '取消记住密码',
    module: MODULE,
    write: false,
    /** Revokes this browser's 记住密码 for the login name, or for every account when none is given. */
    body: z.object({ loginName: loginName.optional() }).nullish(),
    response: z.null(),
  }),
  captcha: defineEndpoint({
    method: 'GET',
    path: '/captcha',
    access: 'public',
    audience: 'any',
    summary: '获取图形验证码',
    module: MODULE,
    write: false,
    /** `image` is a `data:image/svg+xml;base64,…` URL; single use, valid 5 minutes. */
    response: z.object({ captchaId: z.string(), image: z.string() }),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/adminLogin/logout',
    access: 'session',
    audience: 'any',
    summary: '退出登录',
    module: MODULE,
    write: true,
    beforePasswordChange: true,
    /** Nothing to send: 记住密码 is the browser's device credential and survives sign-out. */
    body: z.object({}).nullish(),
    response: z.null(),
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/adminLogin/info',
    access: 'session',
    audience: 'any',
    summary: '当前登录账号信息',
    module: MODULE,
    write: false,
    beforePasswordChange: true,
    response: currentUser,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/adminLogin/changePassword',
    access: 'session',
    audience: 'any',
    summary: '修改密码',
    module: MODULE,
    write: true,
    beforePasswordChange: true,
    body: changePasswordBody,
    response: z.null(),
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/adminLogin/updateProfile',
    access: 'session',
    audience: 'any',
    summary: '修改个人资料',
    module: MODULE,
    write: true,
    body: updateProfileBody,
    response: currentUser,
  }),
};
