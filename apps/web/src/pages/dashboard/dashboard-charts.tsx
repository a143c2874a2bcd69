import type { DashboardSummary } from '@console/contract';
import { Empty } from 'antd';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useSettingsStore } from '../../stores/settings';

// Only the chart kinds used here, so this lazy chunk stays a fraction of the full library.
echarts.use([PieChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

// An all-zero ring would draw equal slices; say there is nothing instead.
function NoData({ text }: { text: string }) {
  return <Empty className="dashboard-chart-empty" description={text} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}

const statusColours = ['#faad14', '#52c41a', '#bfbfbf', '#ff4d4f', '#8c8c8c'];

/** Store statuses as a ring and device connectivity as bars, each only when the summary carries its figures. */
export default function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const primary = useSettingsStore((state) => state.theme);
  const { stores, gateways, androidDevices } = summary;
  const storeOption = {
    color: statusColours,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 家（{d}%）' },
    legend: { bottom: 0, itemWidth: 12, itemHeight: 8, itemGap: 8, textStyle: { fontSize: 12 } },
    series: [
      {
        name: '门店状态',
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '44%'],
        label: { show: false },
        data: [
          { name: '待审核', value: stores?.pending ?? 0 },
          { name: '正常', value: stores?.normal ?? 0 },
          { name: '停用', value: stores?.disabled ?? 0 },
          { name: '已到期', value: stores?.expired ?? 0 },
          { name: '回收站', value: stores?.recycled ?? 0 },
        ],
      },
    ],
  };
  // Only the device kinds whose figures the operator may see (the others are null).
  const devices: [string, NonNullable<DashboardSummary['gateways']>][] = [];
  if (gateways) devices.push(['网关设备', gateways]);
  if (androidDevices) devices.push(['安卓终端', androidDevices]);
  const deviceOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: devices.map(([name]) => name) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '在线', type: 'bar', stack: 'all', color: primary, data: devices.map(([, d]) => d.online) },
      { name: '离线', type: 'bar', stack: 'all', color: '#d9d9d9', data: devices.map(([, d]) => d.offline) },
    ],
  };
  return (
    <div className="dashboard-charts">
      {stores && (
        <section aria-label="门店状态分布">
          <h3>门店状态分布</h3>
          {stores.total > 0 ? (
            <ReactEChartsCore echarts={echarts} option={storeOption} style={{ height: 260 }} notMerge />
          ) : (
            <NoData text="暂无门店" />
          )}
        </section>
      )}
      {devices.length > 0 && (
        <section aria-label="设备在线情况">
          <h3>设备在线情况</h3>
          {devices.some(([, d]) => d.total > 0) ? (
            <ReactEChartsCore echarts={echarts} option={deviceOption} style={{ height: 260 }} notMerge />
          ) : (
            <NoData text="暂无设备" />
          )}
        </section>
      )}
    </div>
  );
}
