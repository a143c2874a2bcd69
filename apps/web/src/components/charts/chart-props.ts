// The props of a chart, apart from both the lazy wrapper (./chart.tsx) and the ECharts chunk
// (./chart-core.tsx) so neither imports the other for them.
export interface ChartProps {
  /** An ECharts option (bar and line series, grid, legend, tooltip, dataZoom). */
  option: Record<string, unknown>;
  height: number;
  /** A click on a data point, by its index in the series data. */
  onClick?: (dataIndex: number) => void;
}
