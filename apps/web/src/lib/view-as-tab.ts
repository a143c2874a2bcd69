// 以服务商身份查看 lives in one browser tab: its token sits in that tab's sessionStorage, never in
// the admin's cookie, so the admin's other tabs stay theirs. Once a tab was a view-as tab it stays
// one (even after its token is gone): it never falls back to the admin's cookie. No contract import
// here: lib/storage.ts needs this file, and the build's sign-in frame (build/login-frame.ts) loads
// storage.ts in Node, where the contract's TypeScript source cannot be imported.

const TOKEN_KEY = 'viewAs.token';
const TAB_KEY = 'viewAs.tab';
/** The fragment the opener puts the token in: a fragment is never sent to a server nor logged. */
export const VIEW_AS_FRAGMENT = 'viewAs=';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The address a new view-as tab opens at: the console's root with the token in the fragment. */
export function viewAsTabUrl(token: string): string {
  return `/#${VIEW_AS_FRAGMENT}${encodeURIComponent(token)}`;
}

/**
 * Run once before the console starts: a `#viewAs=va.…` fragment makes this tab a view-as tab,
 * moves the token to sessionStorage and takes it out of the address (and the history entry).
 * `prefix` is the contract's VIEW_AS_TOKEN_PREFIX (./view-as-adopt.ts hands it in).
 */
export function adoptViewAsToken(
  prefix: string,
  location: Location = window.location,
  history: History = window.history,
): void {
  const hash = location.hash.replace(/^#/, '');
  if (!hash.startsWith(VIEW_AS_FRAGMENT)) return;
  const token = decodeURIComponent(hash.slice(VIEW_AS_FRAGMENT.length));
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!token.startsWith(prefix)) return;
  session()?.setItem(TAB_KEY, '1');
  session()?.setItem(TOKEN_KEY, token);
}

export function isViewAsTab(): boolean {
  return session()?.getItem(TAB_KEY) === '1';
}

export function viewAsToken(): string | undefined {
  return session()?.getItem(TOKEN_KEY) ?? undefined;
}

/** The view ended: the token goes, the tab stays a view-as tab (ended page, never the admin's session). */
export function forgetViewAsToken(): void {
  session()?.removeItem(TOKEN_KEY);
}

/** A value the console keeps for its signed-in account, kept for this tab only in a view-as tab. */
export const tabLocal = {
  get: (name: string): string | undefined => session()?.getItem(`viewAs.${name}`) ?? undefined,
  set: (name: string, value: string): void => session()?.setItem(`viewAs.${name}`, value),
  remove: (name: string): void => session()?.removeItem(`viewAs.${name}`),
};
