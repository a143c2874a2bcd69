import { WechatRefusedError, WechatUnavailableError } from '../../adapters/wechat/index.js';
import { AppError } from '../../lib/app-error.js';

/** A failed WeChat call as the operator should see it: WeChat's reason, or "unavailable". */
export function wechatAppError(err: unknown): AppError {
  if (err instanceof WechatRefusedError) return new AppError('stateConflict', { message: `微信拒绝：${err.message}` });
  if (err instanceof WechatUnavailableError) return new AppError('unavailable', { message: err.message });
  return new AppError('unavailable', { message: '微信接口调用失败，请稍后重试' });
}
