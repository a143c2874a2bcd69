import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface StatCardProps {
  title: string;
  value: number;
  suffix?: string;
  icon: ReactNode;
  /** Secondary figures under the main one, e.g. 在线 3 · 离线 1. */
  details: { label: string; value: number; tone?: 'warning' | 'danger' }[];
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
        {details.map((detail) => (
          <span key={detail.label} className={detail.tone ? `is-${detail.tone}` : undefined}>
            {detail.label} <b>{detail.value.toLocaleString('zh-CN')}</b>
          </span>
        ))}
      </div>
    </Card>
  );
}
