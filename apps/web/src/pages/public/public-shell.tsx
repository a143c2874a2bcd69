import type { ReactNode } from 'react';
import { usePlatformName, useSiteInfo } from '../../components/site-info';
import styles from './public.module.css';

const nav = [
  { href: '/website', label: '平台介绍' },
  { href: '/decorationShop', label: '门店装修' },
  { href: '/register', label: '服务商入驻' },
];

/** Header, content and footer shared by the pages a visitor sees before signing in. */
export function PublicShell({ active, children }: { active?: string; children: ReactNode }) {
  const platformName = usePlatformName();
  const site = useSiteInfo();
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <a className={styles.brand} href="/website">
            <span className={styles.logo} aria-hidden>
              云
            </span>
            <span>{platformName}</span>
          </a>
          <nav className={styles.nav} aria-label="公开页面导航">
            {nav.map((item) => (
              <a
                key={item.href}
                href={item.href}
                className={item.href === active ? styles.navActive : undefined}
                aria-current={item.href === active ? 'page' : undefined}
              >
                {item.label}
              </a>
            ))}
            <a className={styles.navLogin} href="/login">
              登录
            </a>
          </nav>
        </div>
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <span>
            © {new Date().getFullYear()} {platformName}
          </span>
          {site?.servicePhone || site?.serviceEmail ? (
            <span className={styles.footerLinks}>
              {site.servicePhone ? <span>客服电话 {site.servicePhone}</span> : null}
              {site.serviceEmail ? <a href={`mailto:${site.serviceEmail}`}>{site.serviceEmail}</a> : null}
            </span>
          ) : null}
          <span className={styles.footerLinks}>
            <a href="/userAgreement">用户协议</a>
            <a href="/privacyAgreement">隐私政策</a>
            <a href="/renewalAgreement">续费协议</a>
          </span>
        </div>
      </footer>
    </div>
  );
}
