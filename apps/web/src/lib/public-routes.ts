/**
 * Paths reachable without a token (spec section 2), with their page titles (an agreement's is the
 * title its text is published under, so the tab and the page's heading agree). `/redirect/*` is in the
 * spec's list too, but it re-renders a console tab, so it needs the session like any console path.
 */
export const publicRouteTitles: Record<string, string> = {
  '/login': '登录',
  '/register': '服务商注册',
  '/privacyAgreement': '隐私政策', // the published 隐私政策 version, as /privatezc
  '/userAgreement': '用户服务协议',
  '/renewalAgreement': '续费服务协议',
  '/privatezc': '隐私政策',
  '/website': '平台介绍',
  '/decorationShop': '门店装修',
  '/auth-redirect': '正在跳转',
  '/404': '页面不存在',
  '/401': '无权访问此页面',
};

export function isPublicPath(pathname: string): boolean {
  return Object.hasOwn(publicRouteTitles, pathname);
}

/** `/login?redirect=…` for where the operator was going (path and query). */
export function loginHref(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return target === '/' || target === '' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}
