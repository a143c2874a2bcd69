import { type EndpointDef, viewAsOwnPaths } from '@console/contract';
import type { ViewAsIdentity } from '../credentials/operator.js';
import { AppError } from '../lib/app-error.js';

/**
 * The one place a 以服务商身份查看 session's limits are enforced, from each endpoint's declared
 * `write` flag: reads pass; a read-only session's writes answer 403110; a write-mode session may
 * change the provider's data (permission endpoints) but never act on an account (sign-out,
 * password, second factor, saved views, inbox, preferences: the `session` endpoints), which
 * would be the provider administrator's or the admin's own. Its own state and end always pass.
 */
export function admitViewAs(def: EndpointDef, viewAs: ViewAsIdentity): void {
  if (!def.write || viewAsOwnPaths.has(def.path)) return;
  if (viewAs.mode === 'read') throw new AppError('viewAsReadOnly');
  if (def.access !== 'session') return;
  throw new AppError('viewAsReadOnly', {
    message: '以服务商身份查看时不能操作账号本身（退出登录、密码、两步验证、个人设置等）',
  });
}
