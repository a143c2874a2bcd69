import { Card } from 'antd';
import { Chart } from '../charts/chart';
import type { ChartProps } from '../charts/chart-props';

/**
 * A report's chart in its card: `title` heads the card, `label` names the figure for screen
 * readers (the same figures are in the report's table).
 */
export function ReportChart({ title, label, ...chart }: ChartProps & { title: string; label: string }) {
  return (
    <Card size="small" title={title}>
      <Chart label={label} {...chart} />
    </Card>
  );
}
