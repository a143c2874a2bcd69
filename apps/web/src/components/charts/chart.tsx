import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-props';

const ChartCore = lazy(() => import('./chart-core'));

/**
 * A chart of the report screens. ECharts is large: it loads as its own chunk the first time a
 * screen draws a chart, never with the sign-in page or the list screens. `label` names the chart
 * for screen readers; every chart has its figures in a table beside it.
 */
export function Chart({ label, ...props }: ChartProps & { label: string }) {
  return (
    <figure className="report-chart" aria-label={label} style={{ margin: 0 }}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
        <ChartCore {...props} />
      </Suspense>
    </figure>
  );
}
