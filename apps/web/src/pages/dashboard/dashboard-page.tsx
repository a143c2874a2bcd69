import {
  AndroidOutlined,
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { type DashboardSummary, dashboardEndpoints, EXPIRING_WITHIN_DAYS } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { findIn } from '../../app/menu-filter';
import { usePermittedScreens } from '../../app/screens';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { type FigureTarget, figureScreens } from './dashboard-links';
import './dashboard.css';
import { RecentOperations } from './recent-operations';
import { StatCard, type StatCardProps } from './stat-card';

// ECharts is large; the charts load as their own chunk after the figures are on screen.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

function cards(s: DashboardSummary, link: (target: FigureTarget) => string | undefined): StatCardProps[] {
  const soon = `${EXPIRING_WITHIN_DAYS} 天内到期`;
  const list: (StatCardProps | null)[] = [
    s.providers && {
      title: '服务商',
      value: s.providers.total,
      icon: <TeamOutlined />,
      to: link('providers'),
      details: [
        { label: '正常', value: s.providers.active },
        { label: '待审核', value: s.providers.pending, tone: 'warning' },
        { label: '冻结', value: s.providers.frozen },
        { label: '已到期', value: s.providers.expired, tone: 'danger' },
      ],
    },
    s.enterprises && {
      title: '企业',
      value: s.enterprises.total,
      icon: <BankOutlined />,
      to: link('enterprises'),
      details: [],
    },
    s.stores && {
      title: '门店',
      value: s.stores.total,
      icon: <ShopOutlined />,
      to: link('stores'),
      details: [
        { label: '正常', value: s.stores.normal },
        { label: '待审核', value: s.stores.pending, tone: 'warning' },
        { label: '已到期', value: s.stores.expired, tone: 'danger' },
      ],
    },
    s.gateways && {
      title: '网关设备',
      value: s.gateways.total,
      icon: <ApiOutlined />,
      to: link('gateways'),
      details: [
        { label: '在线', value: s.gateways.online },
        { label: '离线', value: s.gateways.offline, tone: 'warning' },
      ],
    },
    s.androidDevices && {
      title: '安卓终端',
      value: s.androidDevices.total,
      icon: <AndroidOutlined />,
      to: link('android'),
      details: [
        { label: '在线', value: s.androidDevices.online },
        { label: '离线', value: s.androidDevices.offline, tone: 'warning' },
      ],
    },
    s.homeUsers && {
      title: '店主账号',
      value: s.homeUsers.total,
      icon: <UserOutlined />,
      to: link('homeUsers'),
      details: [
        { label: soon, value: s.homeUsers.expiringSoon, tone: 'warning' },
        { label: '已到期', value: s.homeUsers.expired, tone: 'danger' },
      ],
    },
    s.staffUsers && {
      title: '门店员工',
      value: s.staffUsers.total,
      icon: <SolutionOutlined />,
      to: link('staffUsers'),
      details: [
        { label: soon, value: s.staffUsers.expiringSoon, tone: 'warning' },
        { label: '已到期', value: s.staffUsers.expired, tone: 'danger' },
      ],
    },
    s.accounts && {
      title: '后台账号',
      value: s.accounts.total,
      icon: <AuditOutlined />,
      to: link('accounts'),
      details: [{ label: '启用', value: s.accounts.enabled }],
    },
  ];
  return list.filter((card): card is StatCardProps => card !== null);
}

/** 首页: the signed-in scope's figures, straight from the server; nothing here is estimated. */
export function DashboardPage() {
  const name = useSession((state) => state.name);
  const permitted = usePermittedScreens();
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

  const link = (target: FigureTarget) => {
    const path = figureScreens[summary.scope][target];
    return path && findIn(permitted, path) ? path : undefined;
  };
  const applications = link('applications');
  // Each card and chart only when the server answered its figures (the operator holds its screen).
  const shown = cards(summary, link);
  const charted = !!(summary.stores || summary.gateways || summary.androidDevices);
  return (
    <div className="dashboard">
      <Card className="dashboard-welcome">
        <div>
          <h2>你好，{name || '管理员'}</h2>
          <p>{summary.scope === 'platform' ? '以下为平台全部服务商的数据' : '以下为本服务商的数据'}</p>
        </div>
        <span className="dashboard-updated">
          数据更新于 {dayjs(summary.generatedAt).format('HH:mm:ss')}
          <Button type="link" size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
            刷新
          </Button>
        </span>
      </Card>
      {summary.scope === 'platform' && summary.stores && summary.stores.pending > 0 && (
        <Alert
          type="warning"
          showIcon
          className="dashboard-alert"
          title={`有 ${summary.stores.pending} 个开店申请待审核`}
          action={applications ? <Link to={applications}>去审核</Link> : null}
        />
      )}
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
            <RecentOperations operations={summary.recentOperations} moreHref={link('operations')} />
          </Col>
        )}
      </Row>
    </div>
  );
}
