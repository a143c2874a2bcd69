import { Card } from 'antd';
import type { ReactNode } from 'react';
import { ReportFigures, type ReportFiguresProps } from './report-figures';

interface Props<Row> extends ReportFiguresProps<Row> {
  /** The card's title above the table. */
  title: ReactNode;
  /** What sits between the title and the table (a paged report's filters). */
  toolbar?: ReactNode;
}

/**
 * A report screen's table in its card: the title, an optional toolbar (filters), then the
 * figures. ReportPage has already shown loading and error before the first figures arrive;
 * `loading` covers a new page or filter after that.
 */
export function ReportTable<Row extends object>({ title, toolbar, ...figures }: Props<Row>) {
  return (
    <Card size="small" title={title}>
      {toolbar}
      <ReportFigures<Row> {...figures} />
    </Card>
  );
}
