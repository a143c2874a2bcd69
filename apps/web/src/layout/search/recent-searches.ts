/** How many recent searches the palette keeps per account. */
export const RECENT_LIMIT = 8;

const keyOf = (account: string) => `console.recentSearch.${account}`;

/** The account's recent searches, newest first (none when storage is unavailable or spoilt). */
export function readRecent(account: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(account)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts a search first (once), keeping at most RECENT_LIMIT; answers the new list. */
export function rememberRecent(account: string, text: string): string[] {
  const q = text.trim();
  if (!q) return readRecent(account);
  const next = [q, ...readRecent(account).filter((v) => v !== q)].slice(0, RECENT_LIMIT);
  try {
    window.localStorage.setItem(keyOf(account), JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the palette still works, it just forgets.
  }
  return next;
}

export function clearRecent(account: string): void {
  try {
    window.localStorage.removeItem(keyOf(account));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
