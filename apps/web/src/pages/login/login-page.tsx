import { Typography } from 'antd';
import { useAnsweredPlatformName } from '../../components/site-info';
import { LoginForm } from './login-form';
import { LoginHero, loginPageClass } from './login-hero';
import './login-hero.css';
import styles from './login-page.module.css';

export function LoginPage() {
  const platformName = useAnsweredPlatformName();
  return (
    <main className={loginPageClass}>
      <LoginHero platformName={platformName} />
      <section className={styles.panel}>
        <div className={styles.card}>
          <Typography.Title level={3} className={styles.cardTitle}>
            账号登录
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={styles.cardLead}>
            欢迎回来，请使用运营账号登录
          </Typography.Paragraph>
          <LoginForm />
          <div className={styles.links}>
            <a href="/register">服务商入驻申请</a>
            <span className={styles.dot} aria-hidden>
              ·
            </span>
            <a href="/userAgreement" target="_blank" rel="noreferrer">
              用户协议
            </a>
            <span className={styles.dot} aria-hidden>
              ·
            </span>
            <a href="/privacyAgreement" target="_blank" rel="noreferrer">
              隐私政策
            </a>
          </div>
        </div>
        <footer className={styles.footer}>
          © {new Date().getFullYear()} {platformName}
        </footer>
      </section>
    </main>
  );
}
