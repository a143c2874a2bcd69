import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatYuan } from '../../lib/money';

// Column kinds the report tables share: money in 元 (negative in red), counts, a growth percent.

/** A report table column whose cell a summary row can render too. */
export type ReportColumn<Row> = TableColumnType<Row> & { key: string; render: (value: unknown, row: Row) => ReactNode };

/** 元 with two decimals for a chart axis or tooltip (the chart draws 元, the wire carries fen). */
export const chartYuan = (fen: number) => Math.round(fen) / 100;

/** A money axis readable at 390 px: 1.2万 instead of 12,000. */
export const moneyAxisLabel = {
  formatter: (v: number) => (Math.abs(v) >= 10_000 ? `${v / 10_000}万` : String(v)),
};

export function moneyColumn<Row>(title: string, value: (row: Row) => number, key: string): ReportColumn<Row> {
  return {
    title,
    key,
    align: 'right',
    width: 130,
    sorter: (a, b) => value(a) - value(b),
    render: (_: unknown, row: Row) => {
      const fen = value(row);
      return <span style={fen < 0 ? { color: '#cf1322' } : undefined}>{formatYuan(fen)}</span>;
    },
  };
}

export function countColumn<Row>(title: string, value: (row: Row) => number, key: string): ReportColumn<Row> {
  return {
    title,
    key,
    align: 'right',
    width: 100,
    sorter: (a, b) => value(a) - value(b),
    render: (_: unknown, row: Row) => value(row),
  };
}

export function growthText(growth: number | null): { text: string; color?: string } {
  if (growth === null) return { text: '—' };
  return { text: `${growth > 0 ? '+' : ''}${growth.toFixed(1)}%`, color: growth < 0 ? '#cf1322' : '#389e0d' };
}
