import { hashText } from '../devices/rng.js';

/**
 * Which requests the simulated WeChat refuses, as a property of the AppID so that a demo or a
 * test meets the same answer every time (besides the random "unavailable" of any call).
 */
export const appletRefusals = {
  authorize: (appId: string): string | null => {
    const h = hashText(appId);
    if (h % 5 === 0) return '该小程序已授权给其他第三方平台，请先在微信公众平台解除原授权';
    if (h % 7 === 3) return '小程序尚未完成微信认证，无法授权给第三方平台';
    return null;
  },
  renew: (appId: string): string | null =>
    hashText(appId) % 6 === 1 ? '小程序微信认证已过期，请先完成年审再续期' : null,
};

/** A menu linking a mini-program the account has not associated is refused (errcode 40166-like). */
export function menuRefusal(appId: string, buttonsJson: string): string | null {
  return buttonsJson.includes('"miniprogram"') && hashText(appId) % 2 === 0 ? '菜单中的小程序未与该公众号关联' : null;
}
