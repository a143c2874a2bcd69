import { catalogueEntry, catalogueScope } from '../lib/menu-filter';
import { findScreen } from '../layout/screens';

/** The 401 page for a screen this operator may not open; `from` lets the page say who can grant it. */
export function unauthorizedHref(pathname: string): string {
  return `/401?from=${encodeURIComponent(pathname)}`;
}

const titleOf = (path: string, fallback: string) => catalogueEntry(path)?.title ?? fallback;
const GENERIC = '当前账号没有访问该页面的权限，如需开通请联系管理员。';

/**
 * Why the page is closed to this operator and who can open it (issue 28): a provider's staff are
 * granted screens by their provider's administrator (实施人员), a provider's screens by the
 * platform, a platform administrator's by the platform's 账号管理; the other console's screens are
 * not for this kind of account at all. Without the path or the account type: the general sentence.
 */
export function forbiddenAdvice(from: string | null, adminType: number | null): string {
  const screen = from ? findScreen(from) : undefined;
  if (!screen || adminType === null) return GENERIC;
  const scope = screen.audience && screen.audience !== 'any' ? screen.audience : catalogueScope(screen.path);
  const name = `「${screen.title}」`;
  if (scope === 'agent') {
    if (adminType === 0) return `${name}是服务商后台的页面，平台账号不能打开。`;
    if (adminType === 2) {
      const staffScreen = titleOf('/agentConfig/staffingConfig', '实施人员');
      return `你的账号未被授予${name}。如需使用，请联系本服务商的管理员在「${staffScreen}」中为你开通。`;
    }
    return `本服务商尚未开通${name}，如需使用请联系平台管理员开通。`;
  }
  if (scope === 'platform') {
    if (adminType !== 0) return `${name}是平台管理员的页面，服务商账号不能打开。`;
    const accounts = titleOf('/account/accountMgt', '账号管理');
    return `你的账号未被授予${name}，如需使用请联系平台管理员在「${accounts}」中为你分配相应的角色。`;
  }
  return GENERIC;
}
