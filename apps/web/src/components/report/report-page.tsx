import { type EndpointDef, type ReportRange } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api/request';

import { ExportTaskButton } from '../export/export-task-button';
import { ErrorResult } from '../error-result';
import { useScreenAddress } from '../use-screen-address';
import { type RangePreset, ReportRangePicker, presetRange } from './report-range';
import './report.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address (`?from=…&to=…`, so a link or a reload keeps it), else the preset. */
function useAddressRange(preset: RangePreset): [ReportRange, (next: ReportRange) => void] {
  const { pathname, search } = useLocation();
  const go = useScreenAddress();
  const params = new URLSearchParams(search);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = DATE.test(from) && DATE.test(to) && from <= to ? { from, to } : presetRange(preset);
  return [range, (next) => go(`${pathname}?from=${next.from}&to=${next.to}`)];
}

interface Props<R> {
  title: string;
  endpoints: { get: EndpointDef; export: EndpointDef };
  preset: RangePreset;
  /** A paged report's filters, sent with the range to the figures and to 导出. */
  filters?: Record<string, unknown>;
  /** A paged report's page (`page`, `pageSize`), sent to the figures only: 导出 writes all rows. */
  page?: Record<string, unknown>;
  children: (report: R, range: ReportRange, fetching: boolean) => ReactNode;
}

/**
 * One report screen: the date range (with presets), 导出, and the report's body once its figures
 * arrive, with loading and error states. Figures come from the server's rollups.
 */
export function ReportPage<R>({ title, endpoints, preset, filters, page, children }: Props<R>) {
  const [range, setRange] = useAddressRange(preset);
  const filtered = { ...filters, ...range };
  const query = useQuery({
    queryKey: ['report', endpoints.get.path, range.from, range.to, filters ?? null, page ?? null],
    queryFn: ({ signal }) => api(endpoints.get, { body: { ...filtered, ...page }, signal }) as Promise<R>,
    // A paged report keeps its figures on screen for a new page or filter (the table shows it loads).
    placeholderData: page ? keepPreviousData : undefined,
  });
  return (
    <div className="report-page">
      <Card size="small" className="report-toolbar">
        <h2 className="report-title">{title}</h2>
        <div className="report-toolbar-actions">
          <ReportRangePicker value={range} onChange={setRange} />
          <ExportTaskButton
            messageKey={`export-${endpoints.export.path}`}
            endpoint={endpoints.export}
            body={filtered}
          />
        </div>
      </Card>
      {query.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : query.isError ? (
        <ErrorResult
          title="报表加载失败"
          subTitle="请稍后重试"
          extra={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      ) : (
        children(query.data, range, query.isFetching)
      )}
    </div>
  );
}
