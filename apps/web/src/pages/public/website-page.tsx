import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ClusterOutlined,
  LockOutlined,
  MobileOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SoundOutlined,
  TabletOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { usePlatformName } from '../../components/site-info';
import { PublicShell } from './public-shell';
import styles from './public.module.css';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

const heroLead =
  '从智能储物柜、中控网关到安卓房间终端，从店主 App、员工小程序到服务商后台，平台把门店的设备、人员与交易连到一起，由服务商就近实施与服务。';

const venues: Feature[] = [
  { icon: <ShopOutlined />, title: '洗浴中心', text: '手牌开柜、消费挂账、离场结算一条线，前台不再手工登记柜号。' },
  {
    icon: <TeamOutlined />,
    title: '桑拿会所与足道养生',
    text: '包间终端呼叫服务、语音播报到钟提醒，技师与前台协同更顺畅。',
  },
  { icon: <ClusterOutlined />, title: '健身房', text: '会员扫码或刷手环存取衣物柜，储物柜占用情况在后台实时可见。' },
  {
    icon: <AppstoreOutlined />,
    title: '游泳馆',
    text: '防水 IC 手环开柜，入场、存取、离场记录可查，减少错拿和丢失纠纷。',
  },
];

const capabilities: Feature[] = [
  {
    icon: <LockOutlined />,
    title: '智能储物柜',
    text: '支持 IC 手牌/手环店与扫码店两种门店类型，柜锁由门店的中控网关统一接入云端。',
  },
  {
    icon: <TabletOutlined />,
    title: '安卓房间终端',
    text: '按房型与楼层登记终端，呼叫服务、播放语音提示；语音码按设备授权，一码一机。',
  },
  {
    icon: <MobileOutlined />,
    title: '店主 App 与员工小程序',
    text: '店主用管理 App 查看门店经营，员工在小程序上处理手牌与服务，账号有效期由平台统一管理。',
  },
  {
    icon: <BarChartOutlined />,
    title: '交易与报表',
    text: '门店收款、服务商缴费、账户流水与月度统计集中查询，金额精确到分。',
  },
  {
    icon: <NotificationOutlined />,
    title: '消息与应用更新',
    text: '平台向服务商推送系统消息；安卓终端与员工端的新版本可按企业分组推送并查看结果。',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: '安全与留痕',
    text: '登录验证码与锁定、IP 访问限制、每一次修改的操作日志，问题可追溯到人。',
  },
];

const providerPoints = [
  '全国、省、市三级服务商，各自拥有独立的服务商后台',
  '服务商只能看到、修改自己名下的企业、门店与设备，数据互不越界',
  '企业与门店开通、合同与收款、实施人员配置在一个后台完成',
  '平台统一定价，服务商可按授权为门店开通网页端与员工小程序',
];

const hardware: Feature[] = [
  {
    icon: <ApartmentOutlined />,
    title: '中控网关',
    text: '每家门店一台，连接柜锁与云端；设备序列号唯一，离线状态与最后在线时间实时可查。',
  },
  { icon: <TabletOutlined />, title: '安卓终端', text: '安装于包间或前台，支持远程升级与语音授权。' },
  { icon: <LockOutlined />, title: 'IC 手牌 / 手环', text: '顾客开柜的凭证，手牌店通过平台的手牌控制对接门店柜锁。' },
  { icon: <SoundOutlined />, title: '语音播报', text: '到钟、呼叫、欢迎语等语音提示，按语音码授权到单台设备。' },
];

const steps = [
  { title: '提交入驻申请', text: '填写企业或个人信息与联系方式，无需登录。' },
  { title: '平台审核', text: '平台运营在“服务商审核”中核实资料并确定服务商级别。' },
  { title: '开通服务商账号', text: '审核通过后开通服务商管理员账号与可用菜单。' },
  { title: '为门店开店上线', text: '录入企业与门店，绑定网关与终端，门店即可营业。' },
];

function FeatureCards({ items, columns }: { items: Feature[]; columns: 3 | 4 }) {
  return (
    <div className={columns === 3 ? styles.grid3 : styles.grid4}>
      {items.map((item) => (
        <article key={item.title} className={styles.card}>
          <span className={styles.cardIcon} aria-hidden>
            {item.icon}
          </span>
          <h3 className={styles.cardTitle}>{item.title}</h3>
          <p className={styles.cardText}>{item.text}</p>
        </article>
      ))}
    </div>
  );
}

/** The platform's public introduction (/website): what it does, for whom, and how to join. */
export default function WebsitePage() {
  const platformName = usePlatformName();
  return (
    <PublicShell active="/website">
      <section className={styles.hero}>
        <div className={styles.section}>
          <h1 className={styles.heroTitle}>{platformName}：洗浴、健身与游泳场馆的门店云平台</h1>
          <p className={styles.heroLead}>{heroLead}</p>
          <div className={styles.heroActions}>
            <Button type="primary" size="large" href="/login">
              登录运营后台
            </Button>
            <Button size="large" ghost href="/register">
              申请成为服务商
            </Button>
          </div>
        </div>
      </section>

      <section className={styles.band} aria-labelledby="venues">
        <div className={styles.section}>
          <h2 id="venues" className={styles.sectionTitle}>
            适用门店
          </h2>
          <p className={styles.sectionLead}>为需要存取衣物、计时计次与包间服务的线下场馆而设计。</p>
          <FeatureCards items={venues} columns={4} />
        </div>
      </section>

      <section className={styles.bandWhite} aria-labelledby="capabilities">
        <div className={styles.section}>
          <h2 id="capabilities" className={styles.sectionTitle}>
            平台能力
          </h2>
          <p className={styles.sectionLead}>一个平台管理门店的设备、账号、交易与消息，平台、服务商与门店各司其职。</p>
          <FeatureCards items={capabilities} columns={3} />
        </div>
      </section>

      <section className={styles.band} aria-labelledby="providers">
        <div className={styles.section}>
          <h2 id="providers" className={styles.sectionTitle}>
            服务商体系
          </h2>
          <p className={styles.sectionLead}>平台通过各地服务商销售软件与硬件，服务商负责门店的开通、实施与日常服务。</p>
          <div className={styles.card}>
            <ul className={styles.cardList}>
              {providerPoints.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className={styles.bandWhite} aria-labelledby="hardware">
        <div className={styles.section}>
          <h2 id="hardware" className={styles.sectionTitle}>
            配套硬件
          </h2>
          <p className={styles.sectionLead}>硬件订单、发货与设备编号登记都在平台后台完成，设备到店即可绑定。</p>
          <FeatureCards items={hardware} columns={4} />
        </div>
      </section>

      <section className={styles.band} aria-labelledby="join">
        <div className={styles.section}>
          <h2 id="join" className={styles.sectionTitle}>
            成为服务商
          </h2>
          <p className={styles.sectionLead}>四步开通，全程线上办理。</p>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNo}>{index + 1}</span>
                <h3 className={styles.cardTitle}>{step.title}</h3>
                <p className={styles.cardText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.cta}>
        <div className={styles.section}>
          <h2 className={styles.ctaTitle}>让您所在城市的门店接入{platformName}</h2>
          <p className={styles.ctaText}>提交入驻申请后，平台会尽快审核并与您联系。</p>
          <Button size="large" href="/register">
            立即申请入驻
          </Button>
        </div>
      </section>
    </PublicShell>
  );
}
