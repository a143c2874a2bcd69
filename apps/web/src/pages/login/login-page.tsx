import { ApartmentOutlined, SafetyOutlined, ShopOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { usePlatformName } from '../../app/site-info';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';

const highlights = [
  { icon: <ShopOutlined />, title: '门店与设备', text: '门店、网关与安卓设备集中管理，状态一目了然' },
  { icon: <ApartmentOutlined />, title: '服务商协同', text: '平台与服务商分级授权，各自数据互不越界' },
  { icon: <SafetyOutlined />, title: '安全可追溯', text: '关键操作全程留痕，登录异常及时拦截' },
];

export function LoginPage() {
  const platformName = usePlatformName();
  return (
    <main className={styles.page}>
      <section className={styles.hero} aria-label="平台介绍">
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden>
            {platformName.slice(0, 1)}
          </span>
          <span className={styles.brandName}>{platformName}</span>
        </div>
        <h1 className={styles.tagline}>让每一家门店的运营更从容</h1>
        <p className={styles.lead}>面向平台运营与服务商的一站式管理后台：门店、设备、交易与报表，尽在掌握。</p>
        <ul className={styles.highlights}>
          {highlights.map((item) => (
            <li key={item.title}>
              <span className={styles.highlightIcon}>{item.icon}</span>
              <span>
                <strong>{item.title}</strong>
                <span className={styles.highlightText}>{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
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
