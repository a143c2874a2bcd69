import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChartProps } from './chart-props';

// Only the chart kinds the report screens draw, so this lazy chunk stays a fraction of ECharts.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** The ECharts part of `Chart`: its own chunk, loaded only by a screen that draws one. */
export default function ChartCore({ option, height, onClick }: ChartProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      style={{ height, width: '100%' }}
      notMerge
      onEvents={onClick ? { click: (e: { dataIndex: number }) => onClick(e.dataIndex) } : undefined}
    />
  );
}
