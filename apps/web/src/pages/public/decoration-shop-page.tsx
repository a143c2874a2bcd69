import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { PublicShell } from './public-shell';
import styles from './public.module.css';
import { type DecorationTemplate, decorationTemplates } from './decoration-templates';
import shop from './decoration-shop.module.css';

/** A phone-sized sketch of the template's home page, drawn from its palette and block list. */
function TemplatePreview({ template }: { template: DecorationTemplate }) {
  const { palette } = template;
  return (
    <div className={shop.phone} style={{ background: palette.background, color: palette.text }} aria-hidden>
      <div
        className={shop.banner}
        style={{ background: `linear-gradient(135deg, ${palette.primary}, ${palette.accent})` }}
      >
        <span className={shop.bannerTitle}>{template.name}</span>
      </div>
      {template.blocks.slice(1).map((block, index) => (
        <div
          key={block}
          className={shop.block}
          style={{ borderLeftColor: index % 2 === 0 ? palette.primary : palette.accent }}
        >
          {block}
        </div>
      ))}
    </div>
  );
}

const heroLead =
  '顾客在小程序和门店页面上看到的第一眼，决定了门店给人的印象。平台为洗浴、桑拿、足道、健身与游泳场馆准备了现成的装修风格，选定即可使用，无需设计与开发。';

const howItWorks = [
  '浏览上方的装修风格，选出适合门店的一种',
  '联系门店所属的服务商；尚未合作的门店可先联系平台客服',
  '提供门店横幅图片、项目价目与营业时间',
  '服务商为门店完成装修配置后，顾客看到的页面即按所选风格展示',
];

/** /decorationShop: the store decoration styles the platform offers, with a sketch of each. */
export default function DecorationShopPage() {
  return (
    <PublicShell active="/decorationShop">
      <section className={styles.hero}>
        <div className={styles.section}>
          <h1 className={styles.heroTitle}>门店装修：为每一类场馆准备的页面风格</h1>
          <p className={styles.heroLead}>{heroLead}</p>
        </div>
      </section>

      <section className={styles.band} aria-labelledby="templates">
        <div className={styles.section}>
          <h2 id="templates" className={styles.sectionTitle}>
            装修风格
          </h2>
          <p className={styles.sectionLead}>每种风格都包含首页布局、配色与常用模块，下方为首页的示意。</p>
          <div className={shop.templates}>
            {decorationTemplates.map((template) => (
              <article key={template.key} className={shop.template} aria-label={template.name}>
                <TemplatePreview template={template} />
                <div className={shop.templateBody}>
                  <h3 className={styles.cardTitle}>{template.name}</h3>
                  <div className={shop.tags}>
                    {template.suits.map((suit) => (
                      <Tag key={suit} color="blue">
                        {suit}
                      </Tag>
                    ))}
                  </div>
                  <p className={styles.cardText}>{template.mood}</p>
                  <p className={shop.modules}>包含模块：{template.blocks.join('、')}</p>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={styles.bandWhite} aria-labelledby="how">
        <div className={styles.section}>
          <h2 id="how" className={styles.sectionTitle}>
            如何使用
          </h2>
          <ul className={shop.how}>
            {howItWorks.map((line) => (
              <li key={line}>
                <CheckCircleOutlined className={shop.check} aria-hidden />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.cta}>
        <div className={styles.section}>
          <h2 className={styles.ctaTitle}>想为您的门店换一种风格？</h2>
          <p className={styles.ctaText}>已合作的门店请联系所属服务商；还不是服务商，可以先提交入驻申请。</p>
          <Button size="large" href="/register">
            申请成为服务商
          </Button>
        </div>
      </section>
    </PublicShell>
  );
}
