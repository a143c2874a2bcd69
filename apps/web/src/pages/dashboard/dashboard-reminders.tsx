import { type DashboardSummary, EXPIRING_WITHIN_DAYS } from '@console/contract';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { type FigureLink, figureLinks } from './dashboard-links';

interface Props {
  summary: DashboardSummary;
  /** The filtered list behind a reminder, when the operator may open its screen. */
  link: (link: FigureLink) => string | undefined;
}

/** What waits for the platform: applications to review and stores about to lapse, each one click from its list. */
export function DashboardReminders({ summary, link }: Props) {
  if (summary.scope !== 'platform') return null;
  const to = figureLinks(summary);
  const reminders = [
    {
      key: 'stores',
      count: summary.stores?.pending ?? 0,
      title: `有 ${summary.stores?.pending ?? 0} 个开店申请待审核`,
      href: link(to.storesPending),
      action: '去审核',
    },
    {
      key: 'providers',
      count: summary.providers?.pending ?? 0,
      title: `有 ${summary.providers?.pending ?? 0} 个服务商入驻申请待审核`,
      href: link(to.providersPending),
      action: '去审核',
    },
    {
      key: 'expiring',
      count: summary.stores?.expiringSoon ?? 0,
      title: `有 ${summary.stores?.expiringSoon ?? 0} 家门店的网页版将在 ${EXPIRING_WITHIN_DAYS} 天内到期`,
      href: link(to.storesExpiring),
      action: '查看门店',
    },
  ].filter((reminder) => reminder.count > 0);

  return reminders.map((reminder) => (
    <Alert
      key={reminder.key}
      type="warning"
      showIcon
      className="dashboard-alert"
      title={reminder.title}
      action={reminder.href ? <Link to={reminder.href}>{reminder.action}</Link> : null}
    />
  ));
}
