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

/** The error a request fails with when the page is being left: callers treat it as an abort. */
export function leavingAbort(): DOMException {
  return new DOMException('页面正在离开，请求已取消', 'AbortError');
}
