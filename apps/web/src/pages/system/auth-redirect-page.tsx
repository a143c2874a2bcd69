import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import styles from './system-page.module.css';

/** Message type the opener listens for when a third-party sign-in finishes in a popup. */
export const AUTH_REDIRECT_MESSAGE = 'console-auth-redirect';

/**
 * Landing page of an external authorisation: opened as a popup it hands its query string back to
 * the console window (same origin only) and closes; opened directly it continues to the console.
 */
export function AuthRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.postMessage({ type: AUTH_REDIRECT_MESSAGE, query: window.location.search }, window.location.origin);
      window.close();
      return;
    }
    void navigate('/', { replace: true });
  }, [navigate]);
  return (
    <main className={styles.page}>
      <Spin size="large" description="正在跳转…" />
    </main>
  );
}
