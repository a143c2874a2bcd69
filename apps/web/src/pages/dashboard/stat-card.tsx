import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

export interface StatCardProps {
  title: string;
  value: number;
  suffix?: string;
  icon: ReactNode;
  /** Secondary figures under the main one, e.g. 在线 3 · 离线 1; each may open its own filtered list. */
  details: { label: string; value: number; tone?: 'warning' | 'danger'; to?: string }[];
  /** The screen with these records, when the operator may open it. */
  to?: string;
}

export function StatCard({ title, value, suffix, icon, details, to }: StatCardProps) {
  const navigate = useNavigate();
  return (
    <Card
      className={`dashboard-stat${to ? ' is-link' : ''}`}
      hoverable={!!to}
      onClick={to ? () => void navigate(to) : undefined}
      aria-label={title}
    >
      <div className="dashboard-stat-head">
        <Statistic title={title} value={value} suffix={suffix} />
        <span className="dashboard-stat-icon" aria-hidden="true">
          {icon}
        </span>
      </div>
      <div className="dashboard-stat-details">
        {details.map((detail) => {
          const text = (
            <>
              {detail.label} <b>{detail.value.toLocaleString('zh-CN')}</b>
            </>
          );
          const tone = detail.tone ? `is-${detail.tone}` : '';
          const to = detail.to;
          return to ? (
            <Link
              key={detail.label}
              to={to}
              className={`dashboard-stat-detail-link ${tone}`}
              aria-label={`${title}：${detail.label}`}
              // The card itself opens the unfiltered list; the figure opens its own rows.
              onClick={(event) => event.stopPropagation()}
            >
              {text}
            </Link>
          ) : (
            <span key={detail.label} className={tone || undefined}>
              {text}
            </span>
          );
        })}
      </div>
    </Card>
  );
}
