// While the document is being left (reload, full navigation), the browser fails in-flight fetches
// with a plain `TypeError: Failed to fetch`, not an AbortError. Those are not failures of the
// server: reacting to them (toast, clearing the session) would sign an operator out on reload.
let leaving = false;

if (typeof window !== 'undefined') {
  const leave = () => {
    leaving = true;
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  // Back/forward cache restores the same document: it is live again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function isLeavingPage(): boolean {
  return leaving;
}

/**
 * How long a failed fetch waits before it counts as a failure. A navigation started outside the
 * page (address bar, bookmark, an automated browser's goto) runs no beforeunload, and the browser
 * can fail the old document's fetches before its pagehide: acted on at once, such a failure would
 * clear the session and the next page would open signed out. A document that is really being left
 * is gone before this wait ends (its timers never fire); a live one reports the failure after it.
 */
export const LEAVING_GRACE_MS = 300;

/** True when the page turns out to be leaving within the grace period after a failed fetch. */
export async function leavesShortly(): Promise<boolean> {
  if (leaving) return true;
  await new Promise((resolve) => setTimeout(resolve, LEAVING_GRACE_MS));
  return leaving;
}

/** The error a request fails with when the page is being left: callers treat it as an abort. */
export function leavingAbort(): DOMException {
  return new DOMException('页面正在离开，请求已取消', 'AbortError');
}
