import { ApartmentOutlined, SafetyOutlined, ShopOutlined } from '@ant-design/icons';

// Plain class names (login-hero.css), not a CSS module: the build writes this same markup into
// index.html as the page's first paint (build/login-frame.ts renders this component in Node,
// where a CSS module cannot be imported), and the React page must replace it without a change.

/** The sign-in page's grid: the hero on the left, the panel with the form on the right. */
export const loginPageClass = 'login-page';

const highlights = [
  { icon: <ShopOutlined />, title: '门店与设备', text: '门店、网关与安卓设备集中管理，状态一目了然' },
  { icon: <ApartmentOutlined />, title: '服务商协同', text: '平台与服务商分级授权，各自数据互不越界' },
  { icon: <SafetyOutlined />, title: '安全可追溯', text: '关键操作全程留痕，登录异常及时拦截' },
];

/**
 * The left half of the sign-in page: static apart from the platform's name, which stays hidden
 * (its space kept) while it is not known yet; so does the copy in index.html.
 */
export function LoginHero({ platformName }: { platformName: string | undefined }) {
  return (
    <section className="login-hero" aria-label="平台介绍">
      <div className="login-brand" aria-busy={platformName === undefined}>
        <span className="login-logo" aria-hidden>
          {platformName?.slice(0, 1)}
        </span>
        <span className="login-brand-name">{platformName}</span>
      </div>
      <h1 className="login-tagline">让每一家门店的运营更从容</h1>
      <p className="login-lead">面向平台运营与服务商的一站式管理后台：门店、设备、交易与报表，尽在掌握。</p>
      <ul className="login-highlights">
        {highlights.map((item) => (
          <li key={item.title}>
            <span className="login-highlight-icon">{item.icon}</span>
            <span>
              <strong>{item.title}</strong>
              <span className="login-highlight-text">{item.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
