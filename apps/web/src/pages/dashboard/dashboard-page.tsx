import {
  AndroidOutlined,
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type DashboardSummary, dashboardEndpoints, EXPIRING_WITHIN_DAYS } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { ScopeLine } from '../../components/resource/scope-line';
import { lazy, Suspense } from 'react';
import { useCanOpenScreen } from '../../components/open-screens';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { type FigureLink, figureLinks, figureScreens, linkAddress } from './dashboard-links';
import { DashboardReminders } from './dashboard-reminders';
import './dashboard.css';
import { RecentOperations } from './recent-operations';
import { StatCard, type StatCardProps } from './stat-card';

type Linker = (link: FigureLink) => string | undefined;

// ECharts is large; the charts load as their own chunk after the figures are on screen.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

function cards(s: DashboardSummary, link: Linker): StatCardProps[] {
  const soon = `${EXPIRING_WITHIN_DAYS} 天内到期`;
  const to = figureLinks(s);
  const list: (StatCardProps | null)[] = [
    s.providers && {
      title: '服务商',
      value: s.providers.total,
      icon: <TeamOutlined />,
      to: link({ target: 'providers' }),
      details: [
        { label: '正常', value: s.providers.active, to: link(to.providersActive) },
        { label: '待审核', value: s.providers.pending, tone: 'warning', to: link(to.providersPending) },
        { label: '冻结', value: s.providers.frozen, to: link(to.providersFrozen) },
        { label: '已到期', value: s.providers.expired, tone: 'danger', to: link(to.providersExpired) },
      ],
    },
    s.enterprises && {
      title: '企业',
      value: s.enterprises.total,
      icon: <BankOutlined />,
      to: link({ target: 'enterprises' }),
      details: [],
    },
    s.stores && {
      title: '门店',
      value: s.stores.total,
      icon: <ShopOutlined />,
      to: link({ target: 'stores' }),
      details: [
        { label: '正常', value: s.stores.normal, to: link(to.storesNormal) },
        { label: '待审核', value: s.stores.pending, tone: 'warning', to: link(to.storesPending) },
        { label: soon, value: s.stores.expiringSoon, tone: 'warning', to: link(to.storesExpiring) },
        { label: '已到期', value: s.stores.expired, tone: 'danger', to: link(to.storesExpired) },
      ],
    },
    s.gateways && {
      title: '网关设备',
      value: s.gateways.total,
      icon: <ApiOutlined />,
      to: link({ target: 'gateways' }),
      details: [
        { label: '在线', value: s.gateways.online, to: link(to.gatewaysOnline) },
        { label: '离线', value: s.gateways.offline, tone: 'warning', to: link(to.gatewaysOffline) },
      ],
    },
    s.androidDevices && {
      title: '安卓终端',
      value: s.androidDevices.total,
      icon: <AndroidOutlined />,
      to: link({ target: 'android' }),
      details: [
        { label: '在线', value: s.androidDevices.online, to: link(to.androidOnline) },
        { label: '离线', value: s.androidDevices.offline, tone: 'warning', to: link(to.androidOffline) },
      ],
    },
    s.homeUsers && {
      title: '店主账号',
      value: s.homeUsers.total,
      icon: <UserOutlined />,
      to: link({ target: 'homeUsers' }),
      details: [
        { label: soon, value: s.homeUsers.expiringSoon, tone: 'warning', to: link(to.homeUsersExpiring) },
        { label: '已到期', value: s.homeUsers.expired, tone: 'danger', to: link(to.homeUsersExpired) },
      ],
    },
    s.staffUsers && {
      title: '门店员工',
      value: s.staffUsers.total,
      icon: <SolutionOutlined />,
      to: link({ target: 'staffUsers' }),
      details: [
        { label: soon, value: s.staffUsers.expiringSoon, tone: 'warning', to: link(to.staffUsersExpiring) },
        { label: '已到期', value: s.staffUsers.expired, tone: 'danger', to: link(to.staffUsersExpired) },
      ],
    },
    s.account && {
      title: '账户余额',
      // The card shows 元; the ledger keeps fen.
      value: s.account.balance / 100,
      suffix: '元',
      icon: <WalletOutlined />,
      to: link({ target: 'ledger' }),
      details: [
        { label: '本月续费（笔）', value: s.account.monthRenewals, to: link(to.monthRenewals) },
        { label: '本月续费（元）', value: s.account.monthRenewalAmount / 100 },
      ],
    },
    s.accounts && {
      title: '后台账号',
      value: s.accounts.total,
      icon: <AuditOutlined />,
      to: link({ target: 'accounts' }),
      details: [{ label: '启用', value: s.accounts.enabled, to: link(to.accountsEnabled) }],
    },
  ];
  return list.filter((card): card is StatCardProps => card !== null);
}

/** 首页: the signed-in scope's figures, straight from the server; nothing here is estimated. */
export function DashboardPage() {
  const name = useSession((state) => state.name);
  const canOpen = useCanOpenScreen();
  const query = useQuery({ queryKey: ['dashboard', 'summary'], queryFn: () => api(dashboardEndpoints.summary) });
  const summary = query.data;

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="概览数据加载失败"
        action={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  }
  if (!summary) return <Skeleton active paragraph={{ rows: 10 }} />;

  const link: Linker = ({ target, filters }) => {
    const path = figureScreens[summary.scope][target];
    return path && canOpen(path) ? linkAddress(path, filters) : undefined;
  };
  // Each card and chart only when the server answered its figures (the operator holds its screen).
  const shown = cards(summary, link);
  const charted = !!(summary.stores || summary.gateways || summary.androidDevices);
  return (
    <div className="dashboard">
      <Card className="dashboard-welcome">
        <div>
          <h2>你好，{name || '管理员'}</h2>
          <p>{summary.scope === 'platform' ? '以下为平台全部服务商的数据' : '以下为本服务商的数据'}</p>
          {summary.scope !== 'platform' && <ScopeLine tenant />}
        </div>
        <span className="dashboard-updated">
          数据更新于 {dayjs(summary.generatedAt).format('HH:mm:ss')}
          <Button type="link" size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
            刷新
          </Button>
        </span>
      </Card>
      <DashboardReminders summary={summary} link={link} />
      {shown.length === 0 && !charted && !summary.recentOperations && (
        <Card>
          <Empty description="当前账号没有可查看的概览数据，请从左侧菜单进入有权限的页面" />
        </Card>
      )}
      <Row gutter={[16, 16]}>
        {shown.map((card) => (
          <Col key={card.title} xs={12} xl={6}>
            <StatCard {...card} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} className="dashboard-lower">
        {charted && (
          <Col xs={24} xl={summary.recentOperations ? 14 : 24}>
            <Card className="dashboard-panel">
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <DashboardCharts summary={summary} />
              </Suspense>
            </Card>
          </Col>
        )}
        {summary.recentOperations && (
          <Col xs={24} xl={charted ? 10 : 24}>
            <RecentOperations operations={summary.recentOperations} moreHref={link({ target: 'operations' })} />
          </Col>
        )}
      </Row>
    </div>
  );
}
